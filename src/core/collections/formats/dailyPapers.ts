import { paperId } from '../../papers';
import { ParsedPaper } from '../../papers';
import { LoadProblem, PapersInputError } from '../../common';
import { ParseResult } from './types';

export const DAILY_PAPERS_HEADER = 'Daily Papers';
/** An abstract is a few thousand characters; a line far longer than this is not one. */
export const MAX_ABSTRACT_CHARS = 50_000;

/**
 * Tidies an abstract for reading: undoes the LaTeX escapes that leak into dumps
 * (\%, \&, \_, \href{url}{text}) and drops a stray leading "Abstract" heading.
 */
export function tidyAbstract(line: string): string {
  let text = line.trim();
  text = text.replace(/\\href\{([^{}]*)\}\{([^{}]*)\}/g, '$2');
  text = text.replace(/\\href\{([^{}]*)\{([^{}]*)\}/g, '$2');
  text = text.replace(/\\([%&_#$])/g, '$1');
  text = text.replace(/^abstract\s*[:.\-—]?\s+(?=[A-Z0-9“"'(])/i, '');
  return text;
}

/** True when the text starts like a Daily Papers dump (first non-blank line is the header). */
export function looksLikeDailyPapers(text: string): boolean {
  const first = text
    .replace(/^\uFEFF/, '')
    .split(/\r\n|\r|\n/)
    .find((l) => l.trim() !== '');
  return first !== undefined && first.trim().toLowerCase() === DAILY_PAPERS_HEADER.toLowerCase();
}

/**
 * Parses a Daily Papers dump: a header line `Daily Papers`, then one abstract per non-empty line.
 * Tolerates CRLF, a BOM and trailing spaces. Throws PapersInputError when the file is not a dump at all
 * (empty, no header); reports lines it cannot take as problems and keeps the rest.
 */
export function parseDailyPapers(text: string, file: string): ParseResult {
  const lines = text.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/);
  const headerIndex = lines.findIndex((l) => l.trim() !== '');
  if (headerIndex < 0)
    throw new PapersInputError(
      file,
      undefined,
      'the file is empty; a Daily Papers dump starts with the line "Daily Papers"',
    );
  const header = lines[headerIndex].trim();
  if (header.toLowerCase() !== DAILY_PAPERS_HEADER.toLowerCase()) {
    const shown = header.length > 40 ? `${header.slice(0, 40)}…` : header;
    throw new PapersInputError(file, headerIndex + 1, `expected the header "Daily Papers", found "${shown}"`);
  }
  const papers: ParsedPaper[] = [];
  const problems: LoadProblem[] = [];
  const seen = new Map<string, number>();
  for (let i = headerIndex + 1; i < lines.length; i++) {
    const raw = lines[i];
    if (raw.trim() === '') continue;
    const line = i + 1;
    if (raw.length > MAX_ABSTRACT_CHARS) {
      problems.push({
        file,
        line,
        message: `line is ${raw.length.toLocaleString('en-US')} characters long, more than an abstract can be (${MAX_ABSTRACT_CHARS.toLocaleString('en-US')}); skipped`,
      });
      continue;
    }
    const abstract = tidyAbstract(raw);
    if (abstract === '') continue;
    const id = paperId(abstract);
    const earlier = seen.get(id);
    if (earlier !== undefined) {
      problems.push({ file, line, message: `same abstract as line ${earlier}; listed once` });
      continue;
    }
    seen.set(id, line);
    papers.push({ id, abstract, sources: [{ collection: file, line }] });
  }
  return { papers, problems };
}
