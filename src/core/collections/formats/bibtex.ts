/**
 * BibTeX and BibLaTeX (.bib): entries with an `abstract` field become papers; the title, authors, year,
 * URL and DOI are kept. The entries are found by bibtexScan.ts and read by citation-js, in batches that are
 * halved until a broken entry is alone, so a whole valid file is one library call and a broken entry
 * costs only itself. The @string macros are read once, before the entries (bibtexMacros.ts).
 */
import type { BibtexFileEntry } from '@citation-js/plugin-bibtex/lib/input/file.js';
import { LineStarts, PapersInputError } from '../../common';
import { emptyFileError, PaperCollector, yearOf } from './collect';
import { BibtexSpan, MAX_BRACE_DEPTH, scanBibtex } from './bibtexScan';
import { ParseResult } from './types';
import { latexAbstractToText, latexNames, latexTitleToText, latexToText } from './latexText';
import {
  defineMacro,
  expansionProblem,
  MacroTable,
  MacroTooLongError,
  newMacroTable,
  parseWithMacros,
} from './bibtexMacros';

/** An entry longer than this is not a bibliography entry; it is skipped without being parsed. */
export const MAX_ENTRY_CHARS = 200_000;

const NOT_PAPERS = new Set(['string', 'preamble']);

/** The first line of a citation-js error, without its code excerpt: `expected "rbrace", got "lbrace"`. */
function libraryReason(err: unknown): string {
  if (err instanceof MacroTooLongError) return err.message;
  if (err instanceof RangeError) return 'its @string macros expand to more text than an entry can hold';
  const first = String((err as Error)?.message ?? err).split('\n')[0];
  return first.replace(/\s+at line \d+ col \d+:?\s*$/, '') || 'unreadable';
}

function label(span: BibtexSpan): string {
  return span.key
    ? `entry "${span.key.length > 60 ? `${span.key.slice(0, 60)}…` : span.key}"`
    : `the @${span.type} entry`;
}

/** The first value of a field among several names (BibLaTeX `date` for BibTeX `year`...). */
function field(entry: BibtexFileEntry, ...names: string[]): string | undefined {
  for (const name of names) {
    const v = entry.properties[name];
    if (v !== undefined && String(v).trim() !== '') return String(v);
  }
  return undefined;
}

/** The `eprint` of an entry whose archive is arXiv (`archivePrefix` in BibTeX, `eprinttype` in BibLaTeX). */
function arxivEprint(entry: BibtexFileEntry): string | undefined {
  const eprint = field(entry, 'eprint');
  const archive = field(entry, 'archiveprefix', 'eprinttype');
  return eprint && archive?.toLowerCase() === 'arxiv' ? eprint.trim() : undefined;
}

function arxivUrl(entry: BibtexFileEntry): string | undefined {
  const eprint = arxivEprint(entry);
  return eprint ? `https://arxiv.org/abs/${eprint}` : undefined;
}

/**
 * The entries read by the library, all in one call when they can be; a batch that fails is halved until
 * the broken entry is alone, and that one becomes a problem.
 */
function parseInBatches(
  text: string,
  entries: BibtexSpan[],
  macros: MacroTable,
  lines: LineStarts,
  out: PaperCollector,
): Map<BibtexSpan, BibtexFileEntry> {
  const parsed = new Map<BibtexSpan, BibtexFileEntry>();
  const pending: BibtexSpan[][] = entries.length ? [entries] : [];
  while (pending.length) {
    const spans = pending.pop()!;
    let result: BibtexFileEntry[] | undefined;
    let failure: unknown;
    try {
      result = parseWithMacros(spans.map((s) => text.slice(s.start, s.end)).join('\n'), macros);
    } catch (err) {
      failure = err;
    }
    if (result && result.length === spans.length) {
      spans.forEach((s, i) => parsed.set(s, result![i]));
    } else if (spans.length > 1) {
      const half = spans.length >> 1;
      pending.push(spans.slice(half), spans.slice(0, half));
    } else {
      const reason = failure === undefined ? 'it holds no fields the parser can read' : libraryReason(failure);
      out.problem(lines.lineAt(spans[0].start), `${label(spans[0])} cannot be read (${reason}); skipped`);
    }
  }
  return parsed;
}

export function parseBibtex(text: string, file: string): ParseResult {
  if (text.trim() === '')
    throw emptyFileError(file, 'BibTeX entries such as @article{key, title = {...}, abstract = {...}}');
  const lines = new LineStarts(text);
  const out = new PaperCollector(file);
  const scan = scanBibtex(text);
  if (scan.spans.length === 0 && scan.problems.length === 0) {
    throw new PapersInputError(file, 1, 'no BibTeX entries found; an entry starts with @article{key, or @misc{key,');
  }

  for (const p of scan.problems) {
    const name = p.key ? `entry "${p.key}"` : 'an entry';
    const where = lines.lineAt(p.start);
    if (p.reason === 'too-deep')
      out.problem(where, `${name} has braces nested more than ${MAX_BRACE_DEPTH} deep; skipped up to the next entry`);
    else if (p.stoppedAt >= text.length)
      out.problem(where, `${name} is cut off: the file ends before its closing brace; skipped`);
    else
      out.problem(
        where,
        `${name} is not closed: its braces do not balance before line ${lines.lineAt(p.stoppedAt)}, where the next entry starts; skipped`,
      );
  }

  // @string definitions are read first, in file order (each on its own, so a broken one is reported).
  const macros = newMacroTable();
  const entries: BibtexSpan[] = [];
  for (const span of scan.spans) {
    const source = text.slice(span.start, span.end);
    if (span.end - span.start > MAX_ENTRY_CHARS) {
      out.problem(
        lines.lineAt(span.start),
        `${label(span)} is ${(span.end - span.start).toLocaleString('en-US')} characters long, more than a bibliography entry can be; skipped`,
      );
    } else if (span.type === 'string') {
      try {
        const why = defineMacro(source, macros);
        if (why !== undefined) out.problem(lines.lineAt(span.start), why);
      } catch (err) {
        out.problem(lines.lineAt(span.start), `this @string cannot be read (${libraryReason(err)}); skipped`);
      }
    } else if (!NOT_PAPERS.has(span.type)) {
      entries.push(span);
    }
  }

  const parsed = parseInBatches(text, entries, macros, lines, out);

  for (const span of entries) {
    const entry = parsed.get(span);
    if (!entry) continue;
    const tooMuch = expansionProblem(entry, MAX_ENTRY_CHARS);
    if (tooMuch !== undefined) {
      out.problem(lines.lineAt(span.start), `${label(span)} cannot be read (${tooMuch}); skipped`);
      continue;
    }
    const abstract = field(entry, 'abstract');
    const title = field(entry, 'title');
    const authors = field(entry, 'author', 'editor');
    const titles = title === undefined ? undefined : latexTitleToText(title);
    out.add({
      line: lines.lineAt(span.start),
      label: `entry "${entry.label}"`,
      key: entry.label,
      abstract: abstract === undefined ? undefined : latexAbstractToText(abstract),
      title: titles?.title,
      // its math as written, for the paper view
      titleMath: titles?.titleMath,
      // a title with math is identified by citation-js's reading of it, which its ids were made from
      idTitle: titles?.titleMath !== undefined ? latexToText(title!, 'title') : undefined,
      authors: authors === undefined ? undefined : latexNames(authors),
      year: yearOf(field(entry, 'year', 'date')),
      url: field(entry, 'url') ?? arxivUrl(entry),
      doi: field(entry, 'doi'),
      arxivId: arxivEprint(entry),
      date: field(entry, 'date'),
      categories: field(entry, 'primaryclass'),
    });
  }
  // Problems in file order, whichever step found them.
  out.problems.sort((a, b) => (a.line ?? 0) - (b.line ?? 0));
  return out.result();
}
