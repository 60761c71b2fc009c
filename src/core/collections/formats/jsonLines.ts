/**
 * JSON Lines (.jsonl, .ndjson): one JSON object per line, `{"abstract": ..., "title"?: ..., ...}`.
 * Besides `abstract` (or `summary`), a line may carry `title`, `authors` (names or CSL names), `year` or
 * `date`, `url`, `doi`, `id` or `key`, `arxiv_id` and `categories`. A bad line is a problem naming it; the other lines load.
 */
import { categoriesOf, emptyFileError, PaperCollector, titleFields, yearOf } from './collect';
import { cslName, jsonReason } from './cslJson';
import { MAX_ABSTRACT_CHARS, tidyAbstract } from './dailyPapers';
import { ParseResult } from './types';

/** A line longer than this is not one paper's record; it is skipped without being parsed. */
export const MAX_RECORD_CHARS = MAX_ABSTRACT_CHARS * 4;

const str = (v: unknown): string | undefined =>
  typeof v === 'string' ? v : typeof v === 'number' ? String(v) : undefined;

function names(v: unknown): string[] | undefined {
  if (typeof v === 'string') return v.split(/;| and /);
  if (!Array.isArray(v)) return undefined;
  return v.map(cslName).filter((n): n is string => n !== undefined);
}

export function parseJsonLines(text: string, file: string): ParseResult {
  const lines = text.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/);
  if (lines.every((l) => l.trim() === ''))
    throw emptyFileError(file, 'one JSON object per line: {"title": ..., "abstract": ...}');
  const out = new PaperCollector(file);
  lines.forEach((raw, i) => {
    const line = i + 1;
    const source = raw.trim();
    if (source === '') return;
    if (source.length > MAX_RECORD_CHARS) {
      out.problem(
        line,
        `line is ${source.length.toLocaleString('en-US')} characters long, more than one paper's record can be; skipped`,
      );
      return;
    }
    let record: unknown;
    try {
      record = JSON.parse(source);
    } catch (err) {
      out.problem(line, `not valid JSON (${jsonReason(err)}); skipped`);
      return;
    }
    if (!record || typeof record !== 'object' || Array.isArray(record)) {
      out.problem(line, 'not a JSON object ({"abstract": ...}); skipped');
      return;
    }
    const r = record as Record<string, unknown>;
    const abstract = str(r.abstract) ?? str(r.summary);
    out.add({
      line,
      label: 'the record',
      key: str(r.id) ?? str(r.key),
      abstract: abstract === undefined ? undefined : tidyAbstract(abstract),
      ...titleFields(str(r.title)),
      authors: names(r.authors ?? r.author),
      year: yearOf(str(r.year) ?? str(r.date) ?? str(r.published)),
      url: str(r.url),
      doi: str(r.doi),
      // arXiv's own metadata dump names the id `id` and the date `update_date`
      arxivId: str(r.arxiv_id) ?? str(r.arxivId) ?? str(r.id),
      date: str(r.date) ?? str(r.published) ?? str(r.update_date),
      categories: categoriesOf(r.categories),
    });
  });
  return out.result();
}
