/**
 * The input formats and how a file's format is told: by what its text starts with when that is clear
 * (a file named .txt that holds BibTeX is read as BibTeX), else by its extension, else as a Daily Papers
 * dump, whose parser says what it expected.
 */
import { lineOfOffset, PapersInputError } from '../../common';
import { parseArxivAtom } from './arxivAtom';
import { parseBibtex } from './bibtex';
import { parseCslJson } from './cslJson';
import { looksLikeDailyPapers, parseDailyPapers } from './dailyPapers';
import { parseJsonLines } from './jsonLines';
import type { FormatParser } from './types';

export type FormatName = 'daily-papers' | 'bibtex' | 'csl-json' | 'json-lines' | 'arxiv-atom';

export type { FormatParser };

export const PARSERS: Record<FormatName, FormatParser> = {
  'daily-papers': parseDailyPapers,
  bibtex: parseBibtex,
  'csl-json': parseCslJson,
  'json-lines': parseJsonLines,
  'arxiv-atom': parseArxivAtom,
};

const BY_EXTENSION: Record<string, FormatName> = {
  txt: 'daily-papers',
  bib: 'bibtex',
  bibtex: 'bibtex',
  json: 'csl-json',
  csljson: 'csl-json',
  jsonl: 'json-lines',
  ndjson: 'json-lines',
  xml: 'arxiv-atom',
  atom: 'arxiv-atom',
};

/** Every file extension read as a collection (the file picker and the drop hint offer these). */
export const COLLECTION_EXTENSIONS: readonly string[] = Object.keys(BY_EXTENSION);

export function formatByExtension(path: string): FormatName | undefined {
  const ext = /\.([A-Za-z0-9]+)$/.exec(path.split(/[\\/]/).pop() ?? '')?.[1]?.toLowerCase();
  return ext === undefined ? undefined : BY_EXTENSION[ext];
}

/** The offset of the first character at or after `from` that is not white space (the text's length if none). */
function nextNonSpace(text: string, from: number): number {
  const re = /\S/g;
  re.lastIndex = from;
  return re.exec(text)?.index ?? text.length;
}

/**
 * The format the text clearly is, from how it starts; undefined when it could be anything. Every test reads as
 * far as it needs (the whole first line, the first entry however far down): a JSON Lines file whose first record
 * is longer than any fixed window is still JSON Lines. Each is one linear scan.
 */
export function formatByContent(text: string): FormatName | undefined {
  const start = nextNonSpace(text, text.startsWith('\uFEFF') ? 1 : 0);
  if (start >= text.length) return undefined;
  const eol = text.indexOf('\n', start);
  const firstLine = text.slice(start, eol < 0 ? text.length : eol).trim();
  if (looksLikeDailyPapers(firstLine)) return 'daily-papers';
  if (text[start] === '<') return /<(?:[\w.-]+:)?feed[\s>]/.test(text) ? 'arxiv-atom' : undefined;
  const second = text[nextNonSpace(text, start + 1)];
  if (text[start] === '[' && (second === '{' || second === ']')) return 'csl-json';
  if (text[start] === '{' && (second === '"' || second === '}')) {
    // One object per line is JSON Lines; an object spread over lines (or a lone one) is a CSL item.
    return firstLine.length > 1 && firstLine.endsWith('}') ? 'json-lines' : 'csl-json';
  }
  if (/^[ \t]*@[ \t]*[A-Za-z]+[ \t]*[{(]/m.test(text)) return 'bibtex';
  return undefined;
}

/** The format of a file: its content when that is clear, else its extension; undefined when neither tells. */
export function detectFormat(path: string, text: string): FormatName | undefined {
  return formatByContent(text) ?? formatByExtension(path);
}

/** The parser for a file, from its content and its name; for a file that fits no format, one that says so. */
export function parserFor(path: string, text: string): FormatParser {
  const format = detectFormat(path, text);
  return format ? PARSERS[format] : unknownFormat;
}

/** The parser of a file that fits no format: tells which formats there are and how each starts. */
export const unknownFormat: FormatParser = (text, file) => {
  if (text.trim() === '') throw new PapersInputError(file, undefined, 'the file is empty');
  const line = lineOfOffset(text, Math.max(0, text.search(/\S/)));
  throw new PapersInputError(
    file,
    line,
    'not a format Papers reads: expected a Daily Papers dump ("Daily Papers" first line), BibTeX (@article{...}), CSL-JSON ([{...}]), JSON Lines ({...} per line) or an arXiv Atom feed (<feed>)',
  );
};
