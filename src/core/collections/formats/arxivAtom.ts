/**
 * arXiv API results (Atom XML): each `<entry>` is a paper, with `<title>`, `<summary>` (the abstract),
 * `<author><name>`, `<id>` (the abs URL), `<published>` and `<arxiv:doi>`. The entries are found first;
 * when the file is not well-formed each is checked on its own with fast-xml-parser, so broken XML costs
 * only the entry it is in; the good ones are then read in one library call (one per entry is far slower).
 */
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { LineStarts, PapersInputError } from '../../common';
import { emptyFileError, EntryFields, PaperCollector, shown, titleFields, yearOf } from './collect';
import { tidyAbstract } from './dailyPapers';
import { ParseResult } from './types';

/** An entry longer than this is not an arXiv record; it is skipped without being parsed. */
export const MAX_ENTRY_CHARS = 200_000;

const ENTRY_OPEN = /<(?:[\w.-]+:)?entry[\s>]/g;
const ENTRY_CLOSE = /<\/(?:[\w.-]+:)?entry\s*>/g;

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  removeNSPrefix: true,
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  processEntities: true,
  htmlEntities: true,
  isArray: (name) => name === 'author' || name === 'link' || name === 'entry',
});

/** The text of an element that may have attributes (`{"#text": ..., "@type": "html"}`) or children. */
function text(v: unknown): string | undefined {
  if (typeof v === 'string') return v;
  if (typeof v === 'number') return String(v);
  if (v && typeof v === 'object' && !Array.isArray(v)) return text((v as Record<string, unknown>)['#text']);
  return undefined;
}

const oneLine = (s: string | undefined) => (s === undefined ? undefined : s.replace(/\s+/g, ' ').trim());

/** The arXiv id at the end of an abs URL (`http://arxiv.org/abs/2401.01234v2` → `2401.01234v2`). */
function arxivId(id: string | undefined): string | undefined {
  const m = id ? /arxiv\.org\/abs\/(.+)$/.exec(id.trim()) : null;
  return m ? m[1] : id?.trim() || undefined;
}

/** The `term`s of `<category term="cs.CL"/>` elements (one element or several). */
function categoryTerms(v: unknown): (string | undefined)[] {
  const all = Array.isArray(v) ? v : v ? [v] : [];
  return all.map((c) => text((c as Record<string, unknown>)?.['@term']));
}

function entryFields(e: Record<string, unknown>, line: number): EntryFields | { error: string } {
  const id = oneLine(text(e.id));
  const summary = text(e.summary);
  if (id && /\/api\/errors/.test(id))
    return { error: `the arXiv API answered with an error: ${shown(summary ?? 'no message', 120)}` };
  const links = Array.isArray(e.link) ? (e.link as Record<string, unknown>[]) : [];
  const alternate = links.find((l) => l['@rel'] === 'alternate' && typeof l['@href'] === 'string');
  const doiLink = links.find((l) => l['@title'] === 'doi' && typeof l['@href'] === 'string');
  const key = arxivId(id);
  const authors = Array.isArray(e.author)
    ? e.author.map((a) => oneLine(text((a as Record<string, unknown>)?.name))).filter((n): n is string => !!n)
    : [];
  return {
    line,
    label: key ? `entry "${shown(key)}"` : 'the entry',
    key,
    abstract: summary === undefined ? undefined : tidyAbstract(oneLine(summary)!),
    ...titleFields(oneLine(text(e.title))),
    authors,
    year: yearOf(text(e.published) ?? text(e.updated)),
    url: (alternate?.['@href'] as string | undefined) ?? (id && /^https?:/.test(id) ? id : undefined),
    doi: text(e.doi) ?? (doiLink?.['@href'] as string | undefined),
    arxivId: key,
    date: text(e.published) ?? text(e.updated),
    // the primary category first, as arXiv lists it
    categories: [text((e.primary_category as Record<string, unknown>)?.['@term']), ...categoryTerms(e.category)].filter(
      (c): c is string => c !== undefined,
    ),
  };
}

interface EntrySpan {
  start: number;
  end: number;
  line: number;
}

/** The entries of the feed, each from `<entry` to its `</entry>`; entries without one are problems. */
function entrySpans(text: string, lines: LineStarts, out: PaperCollector): EntrySpan[] {
  const opens: number[] = [];
  for (let m = ENTRY_OPEN.exec(text); m; m = ENTRY_OPEN.exec(text)) opens.push(m.index);
  const closes: { at: number; end: number }[] = [];
  for (let m = ENTRY_CLOSE.exec(text); m; m = ENTRY_CLOSE.exec(text))
    closes.push({ at: m.index, end: m.index + m[0].length });
  const spans: EntrySpan[] = [];
  let c = 0;
  opens.forEach((start, i) => {
    const line = lines.lineAt(start);
    const next = i + 1 < opens.length ? opens[i + 1] : text.length;
    while (c < closes.length && closes[c].at < start) c++;
    if (c >= closes.length || closes[c].at > next) {
      out.problem(
        line,
        next >= text.length
          ? 'this <entry> is cut off: the file ends before its </entry>; skipped'
          : `this <entry> has no </entry> before the next <entry> at line ${lines.lineAt(next)}; skipped`,
      );
    } else if (closes[c].end - start > MAX_ENTRY_CHARS) {
      out.problem(
        line,
        `this <entry> is ${(closes[c].end - start).toLocaleString('en-US')} characters long, more than an arXiv record can be; skipped`,
      );
    } else {
      spans.push({ start, end: closes[c].end, line });
    }
  });
  return spans;
}

/** The parsed entries of well-formed spans: one library call for all of them, or one each if that goes wrong. */
function parseEntries(sources: string[]): unknown[] {
  try {
    const feed = (parser.parse(`<feed>${sources.join('\n')}</feed>`) as { feed?: { entry?: unknown } }).feed;
    if (Array.isArray(feed?.entry) && feed.entry.length === sources.length) return feed.entry;
  } catch {
    // read them one by one below
  }
  return sources.map((source) => {
    try {
      const entry = (parser.parse(source) as Record<string, unknown>).entry;
      return Array.isArray(entry) ? entry[0] : entry;
    } catch {
      return undefined;
    }
  });
}

export function parseArxivAtom(text: string, file: string): ParseResult {
  if (text.trim() === '') throw emptyFileError(file, 'an arXiv API Atom feed (<feed> with <entry> elements)');
  const lines = new LineStarts(text);
  const feed = /<(?:[\w.-]+:)?feed[\s>]/.exec(text);
  if (!feed) {
    const first = text.search(/\S/);
    throw new PapersInputError(
      file,
      lines.lineAt(first),
      `not an Atom feed: no <feed> element (found "${shown(text.slice(first), 20)}")`,
    );
  }
  const out = new PaperCollector(file);
  let spans = entrySpans(text, lines, out);
  // A well-formed file is checked in one go; otherwise each entry is, so broken XML costs only its entry.
  if (XMLValidator.validate(text) !== true) {
    spans = spans.filter((span) => {
      const valid = XMLValidator.validate(text.slice(span.start, span.end));
      if (valid === true) return true;
      const reason = valid.err.msg.replace(/\s*\(opened in line \d+, col \d+\)/, '').replace(/\.$/, '');
      out.problem(
        span.line,
        `this <entry> is not valid XML at line ${span.line + valid.err.line - 1}: ${shown(reason, 120)}; skipped`,
      );
      return false;
    });
  }
  const entries = parseEntries(spans.map((span) => text.slice(span.start, span.end)));
  spans.forEach((span, i) => {
    const entry = entries[i];
    if (!entry || typeof entry !== 'object') {
      out.problem(span.line, 'this <entry> cannot be read; skipped');
      return;
    }
    const fields = entryFields(entry as Record<string, unknown>, span.line);
    if ('error' in fields) out.problem(span.line, fields.error);
    else out.add(fields);
  });
  const lastEnd = spans.length ? spans[spans.length - 1].end : feed.index;
  if (!/<\/(?:[\w.-]+:)?feed\s*>/.test(text.slice(lastEnd)))
    out.problem(lines.lineAt(text.length), 'the feed is cut off: the file ends before </feed>');
  out.problems.sort((a, b) => (a.line ?? 0) - (b.line ?? 0));
  return out.result();
}
