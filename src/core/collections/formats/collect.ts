/**
 * What every parser of a bibliographic format shares: a collector that keeps the first of duplicate
 * entries and turns every skipped entry into a problem naming its line.
 */
import { arxivIdOf, paperId, titleId } from '../../papers';
import { ParsedPaper } from '../../papers';
import { decodeLatex, decodeLatexKeepingMath, LoadProblem, mathSegments, PapersInputError } from '../../common';
import { MAX_ABSTRACT_CHARS } from './dailyPapers';
import { ParseResult } from './types';

/** One entry as read from a file, before it becomes a paper. */
export interface EntryFields {
  line: number;
  /** How messages name the entry: `entry "smith2020"`, `item 3`... */
  label: string;
  /** The entry's own key (BibTeX key, CSL id, arXiv id), checked for duplicates. */
  key?: string;
  abstract?: string;
  title?: string;
  /** The title with its math as written, the rest decoded (decodeLatexKeepingMath); kept when it has math. */
  titleMath?: string;
  /**
   * The text a paper without an abstract is identified by, when it is not `title`: ids never change from one
   * version to the next (the user's notes, marks and links name papers by id), so a format whose title reading
   * improved keeps identifying by the reading its ids were made from.
   */
  idTitle?: string;
  authors?: string[];
  year?: string;
  url?: string;
  doi?: string;
  arxivId?: string;
  /** A date as the file writes it; kept when it names a month (see dateOf). */
  date?: string;
  /** A list, or text with the categories separated by spaces, commas or semicolons. */
  categories?: string[] | string;
}

/** Text for a message: one line, at most `max` characters. */
export function shown(text: string, max = 40): string {
  const one = text.replace(/\s+/g, ' ').trim();
  return one.length > max ? `${one.slice(0, max)}…` : one;
}

const nonEmpty = (s: string | undefined) => (s !== undefined && s.trim() !== '' ? s.trim() : undefined);

/** A bare DOI from `10.x/y`, `doi:10.x/y` or a resolver URL; undefined when the text holds none. */
export function bareDoi(text: string | undefined): string | undefined {
  const m = text ? /10\.\d{4,9}\/\S+/.exec(text.trim()) : null;
  return m ? m[0] : undefined;
}

/** `YYYY-MM-DD` or `YYYY-MM` at the start of a date (`2020-05-01T12:00:00Z`, `2020-05`); undefined for a year alone. */
export function dateOf(text: string | undefined): string | undefined {
  const m = text ? /^(\d{4}-(?:0[1-9]|1[0-2]))(-(?:0[1-9]|[12]\d|3[01]))?(?:$|[T\s])/.exec(text.trim()) : null;
  return m ? m[1] + (m[2] ?? '') : undefined;
}

/** Categories from a list or from text separated by spaces, commas or semicolons (`cs.CL cs.LG`). */
export function categoriesOf(value: unknown): string[] | undefined {
  const items = Array.isArray(value) ? value : typeof value === 'string' ? value.split(/[\s,;]+/) : [];
  const list = [...new Set(items.filter((c): c is string => typeof c === 'string').map((c) => c.trim()))].filter(
    (c) => c !== '' && c.length <= 40,
  );
  return list.length ? list : undefined;
}

/** A four-digit year found in a date such as `2020`, `2020-05-01` or `May 2020`. */
export function yearOf(text: string | number | undefined): string | undefined {
  if (text === undefined) return undefined;
  const m = /(?:^|\D)(\d{4})(?:\D|$)/.exec(String(text));
  return m ? m[1] : undefined;
}

/**
 * Gathers the papers of one file. An entry without an abstract is kept by its title (books, theses and
 * papers a library holds are often only that); skipped, with a problem naming the line, are entries with
 * neither title nor abstract, with an abstract too long to be one, with a key seen before, or with the same
 * abstract (or, without one, the same title and year) as an earlier entry.
 */
export class PaperCollector {
  readonly papers: ParsedPaper[] = [];
  readonly problems: LoadProblem[] = [];
  private readonly byId = new Map<string, { line: number; key?: string }>();
  private readonly byKey = new Map<string, number>();

  constructor(readonly file: string) {}

  problem(line: number | undefined, message: string): void {
    this.problems.push({ file: this.file, line, message });
  }

  add(entry: EntryFields): void {
    const { line, label } = entry;
    const abstract = nonEmpty(entry.abstract);
    const title = nonEmpty(entry.title)?.replace(/\s+/g, ' ');
    const year = nonEmpty(entry.year);
    if (abstract === undefined && title === undefined) {
      this.problem(line, `${label} has neither a title nor an abstract; skipped`);
      return;
    }
    // the text the paper is known by: a title standing in for an abstract is held to the same length
    const text = abstract ?? title!;
    if (text.length > MAX_ABSTRACT_CHARS) {
      const what = abstract !== undefined ? 'an abstract' : 'a title (and no abstract)';
      this.problem(
        line,
        `${label} has ${what} of ${text.length.toLocaleString('en-US')} characters, more than an abstract can be (${MAX_ABSTRACT_CHARS.toLocaleString('en-US')}); skipped`,
      );
      return;
    }
    const key = nonEmpty(entry.key);
    if (key !== undefined) {
      const earlier = this.byKey.get(key);
      if (earlier !== undefined) {
        this.problem(line, `${label} has a key already used at line ${earlier}; skipped`);
        return;
      }
      this.byKey.set(key, line);
    }
    const id =
      abstract !== undefined
        ? paperId(abstract)
        : titleId(nonEmpty(entry.idTitle)?.replace(/\s+/g, ' ') ?? title!, year);
    const earlier = this.byId.get(id);
    if (earlier !== undefined) {
      const same = abstract !== undefined ? 'abstract' : year !== undefined ? 'title and year' : 'title';
      this.problem(
        line,
        `${label} has the same ${same} as line ${earlier.line}${earlier.key ? ` ("${shown(earlier.key)}")` : ''}; listed once`,
      );
      return;
    }
    this.byId.set(id, { line, key });
    this.papers.push(paperOf(id, abstract ?? '', title, year, key, entry, this.file));
  }

  result(): ParseResult {
    return { papers: this.papers, problems: this.problems };
  }
}

/** The parsed paper of an entry the collector keeps. */
function paperOf(
  id: string,
  abstract: string,
  title: string | undefined,
  year: string | undefined,
  key: string | undefined,
  entry: EntryFields,
  file: string,
): ParsedPaper {
  const paper: ParsedPaper = { id, abstract, sources: [{ collection: file, line: entry.line }] };
  if (title !== undefined) paper.sourceTitle = title;
  const titleMath = title !== undefined ? nonEmpty(entry.titleMath)?.replace(/\s+/g, ' ') : undefined;
  if (titleMath !== undefined && mathSegments(titleMath).length > 0) paper.sourceTitleMath = titleMath;
  const authors = entry.authors?.map((a) => a.replace(/\s+/g, ' ').trim()).filter(Boolean);
  if (authors?.length) paper.authors = authors;
  if (year !== undefined) paper.year = year;
  const url = nonEmpty(entry.url);
  if (url !== undefined) paper.url = url;
  const doi = bareDoi(entry.doi);
  if (doi !== undefined) paper.doi = doi;
  if (key !== undefined) paper.sourceKey = key;
  const arxivId = arxivIdOf(entry.arxivId);
  if (arxivId !== undefined) paper.arxivId = arxivId;
  const date = dateOf(entry.date);
  if (date !== undefined) paper.date = date;
  const categories = categoriesOf(entry.categories);
  if (categories !== undefined) paper.categories = categories;
  return paper;
}

/** The PapersInputError for a file with nothing but whitespace in it. */
export function emptyFileError(file: string, what: string): PapersInputError {
  return new PapersInputError(file, undefined, `the file is empty; expected ${what}`);
}

/** The markup tags CSL rich text (and citation-js's LaTeX conversion) put in titles: dropped for plain text. */
const RICH_TEXT_TAG = /<\/?(?:i|b|sc|sup|sub|span(?: class="nocase"| style="font-variant: ?small-caps;?")?)>/g;

/**
 * A title as the reader sees it, for the formats that carry LaTeX as plain text (JSON Lines, CSL-JSON, Atom):
 * `\textbf{X}`, `Schr\"odinger`, `$\lambda$` decoded, as BibTeX's parser decodes its titles. Decoded before the
 * paper is made, so a paper known by its title has the id of the title it shows, whatever the format. With it, the
 * title as the paper view renders it: its math as written, the rest decoded.
 */
export const titleFields = (title: string | undefined): Pick<EntryFields, 'title' | 'titleMath'> =>
  title === undefined ? {} : { title: decodeLatex(title), titleMath: decodeLatexKeepingMath(title) };

export function stripRichText(text: string): string {
  return text.replace(RICH_TEXT_TAG, '');
}
