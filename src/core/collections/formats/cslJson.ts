/**
 * CSL-JSON (what Zotero, Mendeley and citation-js export as "CSL JSON"): an array of items with
 * `abstract`, `title`, `author` [{family, given}], `issued`, `DOI`, `URL`. Each item is parsed on its own
 * (see jsonScan.ts), so a broken item is one problem and the others load.
 */
import { LineStarts, PapersInputError } from '../../common';
import { emptyFileError, EntryFields, PaperCollector, shown, stripRichText, titleFields, yearOf } from './collect';
import { tidyAbstract } from './dailyPapers';
import { ParseResult } from './types';
import { scanJsonArray } from './jsonScan';

/** The part of a JSON.parse error worth showing (`Unexpected token } in JSON at position 3` → `Unexpected token }`). */
export function jsonReason(err: unknown): string {
  const message = String((err as Error)?.message ?? err);
  return shown(message.replace(/\s+in JSON at position \d+.*$|\s*\(line \d+ column \d+\)$/s, ''), 80);
}

const str = (v: unknown): string | undefined =>
  typeof v === 'string' ? v : typeof v === 'number' ? String(v) : undefined;

/** A CSL name ({family, given}, {literal}) or a plain string, as a display name. */
export function cslName(name: unknown): string | undefined {
  if (typeof name === 'string') return name;
  if (!name || typeof name !== 'object') return undefined;
  const n = name as Record<string, unknown>;
  if (typeof n.literal === 'string') return n.literal;
  if (typeof n.name === 'string') return n.name;
  const parts = [n.given, n['dropping-particle'], n['non-dropping-particle'], n.family, n.suffix].filter(
    (p): p is string => typeof p === 'string' && p.trim() !== '',
  );
  return parts.length ? parts.join(' ') : undefined;
}

/** The year of a CSL date: {"date-parts": [[2020, 5]]}, {raw: "2020-05"}, {literal: "2020"}, or a string. */
function cslYear(date: unknown): string | undefined {
  if (typeof date === 'string' || typeof date === 'number') return yearOf(date);
  if (!date || typeof date !== 'object') return undefined;
  const d = date as Record<string, unknown>;
  const parts = d['date-parts'];
  if (Array.isArray(parts) && Array.isArray(parts[0]) && parts[0].length) return yearOf(str(parts[0][0]));
  return yearOf(str(d.raw) ?? str(d.literal));
}

/** `YYYY-MM` or `YYYY-MM-DD` of a CSL date given with its month: {"date-parts": [[2020, 5, 1]]} or {raw: "2020-05-01"}. */
function cslDate(date: unknown): string | undefined {
  if (!date || typeof date !== 'object') return typeof date === 'string' ? date : undefined;
  const d = date as Record<string, unknown>;
  const parts = d['date-parts'];
  if (Array.isArray(parts) && Array.isArray(parts[0]) && parts[0].length >= 2) {
    const [y, m, day] = parts[0].map((n: unknown) => Number(n));
    if (![y, m].every(Number.isInteger)) return undefined;
    const pad = (n: number) => String(n).padStart(2, '0');
    return `${y}-${pad(m)}${Number.isInteger(day) ? `-${pad(day)}` : ''}`;
  }
  return str(d.raw);
}

/** The fields of one CSL item; `label` names it in messages. */
export function cslEntry(item: Record<string, unknown>, line: number, label: string): EntryFields {
  const key = str(item['citation-key']) ?? str(item.id);
  const abstract = str(item.abstract);
  const title = str(item.title);
  return {
    line,
    label: key ? `${label} (id "${shown(key)}")` : label,
    key,
    abstract: abstract === undefined ? undefined : tidyAbstract(abstract),
    ...titleFields(title === undefined ? undefined : stripRichText(title)),
    authors: Array.isArray(item.author)
      ? item.author.map(cslName).filter((n): n is string => n !== undefined)
      : undefined,
    year: cslYear(item.issued),
    url: str(item.URL),
    doi: str(item.DOI),
    date: cslDate(item.issued),
  };
}

/**
 * Where the next item may start inside a span that did not parse (a missing `}` glues an item to the ones
 * after it): the first line that opens an object no deeper than the span's own first line; -1 if none.
 */
function nextItemStart(text: string, start: number, end: number): number {
  const indent = start - (text.lastIndexOf('\n', start) + 1);
  const objectLine = /\n([ \t]*)\{/g;
  objectLine.lastIndex = start;
  for (let m = objectLine.exec(text); m && m.index < end; m = objectLine.exec(text)) {
    if (m[1].length <= indent) return m.index + 1 + m[1].length;
  }
  return -1;
}

/** Adds the item in `source` to `out`; what is wrong with it when it cannot be added. */
function takeItem(source: string, line: number, label: string, out: PaperCollector): string | undefined {
  let item: unknown;
  try {
    item = JSON.parse(source);
  } catch (err) {
    return `is not valid JSON (${jsonReason(err)})`;
  }
  if (!item || typeof item !== 'object' || Array.isArray(item)) return 'is not a CSL item (a {...} object)';
  out.add(cslEntry(item as Record<string, unknown>, line, label));
  return undefined;
}

export function parseCslJson(text: string, file: string): ParseResult {
  const body = text.replace(/^\uFEFF/, '');
  const open = body.search(/\S/);
  if (open < 0) throw emptyFileError(file, 'a CSL-JSON array of items: [{"title": ..., "abstract": ...}]');
  const lines = new LineStarts(body);
  const out = new PaperCollector(file);
  if (body[open] === '{') {
    // A single item, not in an array.
    let item: unknown;
    try {
      item = JSON.parse(body);
    } catch (err) {
      throw new PapersInputError(file, lines.lineAt(open), `not valid JSON (${jsonReason(err)})`);
    }
    out.add(cslEntry(item as Record<string, unknown>, lines.lineAt(open), 'the item'));
    return out.result();
  }
  if (body[open] !== '[')
    throw new PapersInputError(
      file,
      lines.lineAt(open),
      `expected a CSL-JSON array of items starting with "[", found "${shown(body.slice(open), 20)}"`,
    );
  const scan = scanJsonArray(body, open);
  // Items in file order; a broken one is reported, and the items glued to it are scanned again from the
  // next line that starts one.
  const pending = [...scan.items].reverse();
  let index = 0;
  while (pending.length) {
    const span = pending.pop()!;
    index++;
    const line = lines.lineAt(span.start);
    const why = span.complete
      ? takeItem(body.slice(span.start, span.end), line, `item ${index}`, out)
      : 'is cut off: the file ends inside it';
    if (why === undefined) continue;
    out.problem(line, `item ${index} ${why}; skipped`);
    const next = nextItemStart(body, span.start, span.end);
    if (next < 0) continue;
    // one push per item: a broken item may glue together more items than a call can take as arguments
    const glued = scanJsonArray(body, next - 1, span.end).items;
    for (let i = glued.length - 1; i >= 0; i--) pending.push(glued[i]);
  }
  const last = scan.items[scan.items.length - 1];
  if (scan.close < 0 && (!last || last.complete) && !body.trimEnd().endsWith(']'))
    out.problem(lines.lineAt(body.length), 'the file ends before the "]" that closes the array');
  else if (scan.close >= 0 && body.slice(scan.close + 1).trim() !== '')
    out.problem(
      lines.lineAt(scan.close + 1 + body.slice(scan.close + 1).search(/\S/)),
      'text after the "]" that closes the array is ignored',
    );
  return out.result();
}
