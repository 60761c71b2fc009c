import { decodeText } from './decode';
import { FileSource, LoadProblem, PapersInputError } from '../common';
import { parserFor } from './formats';
import { FormatParser, ParseResult } from './formats/types';
import { PAPER_METADATA_FIELDS, ParsedPaper } from '../papers';

/** A loaded file of papers. `name` is what the UI shows; `path` is where it came from. */
export interface Collection {
  name: string;
  path: string;
  paperIds: string[];
}

export interface Corpus {
  /** Distinct papers, in first-seen order (collection order, then line order). */
  papers: ParsedPaper[];
  collections: Collection[];
  problems: LoadProblem[];
}

/** The collection's display name: the file name without folders and extension. */
export function collectionName(path: string): string {
  const base = path.split(/[\\/]/).pop() ?? path;
  return base.replace(/\.[^.]+$/, '') || base;
}

/**
 * The problems reported for one file at most: past this many (a file of 200,000 empty records) the list says
 * nothing more to a reader, and the Problems panel and a terminal stay usable; a last line gives the count left out.
 */
export const MAX_PROBLEMS_PER_FILE = 1000;

/** The first MAX_PROBLEMS_PER_FILE problems of a file, then one line saying how many more there were. */
export function capProblems(problems: LoadProblem[], file: string): LoadProblem[] {
  if (problems.length <= MAX_PROBLEMS_PER_FILE) return problems;
  const more = problems.length - MAX_PROBLEMS_PER_FILE;
  return problems.slice(0, MAX_PROBLEMS_PER_FILE).concat({
    file,
    message: `… and ${more.toLocaleString('en-US')} more problem${more === 1 ? '' : 's'} in this file`,
  });
}

/**
 * Parses one file's bytes with the given parser, or with the one its content and extension call for
 * (see formats/index.ts), turning every failure into problems (at most MAX_PROBLEMS_PER_FILE of them).
 */
export function parseCollectionBytes(bytes: Uint8Array, path: string, parse?: FormatParser): ParseResult {
  try {
    const decoded = decodeText(bytes, path);
    const result = (parse ?? parserFor(path, decoded.text))(decoded.text, path);
    return { papers: result.papers, problems: capProblems(decoded.problems.concat(result.problems), path) };
  } catch (err) {
    if (err instanceof PapersInputError) return { papers: [], problems: [err.toProblem()] };
    throw err;
  }
}

/**
 * Gives `into` every metadata field it lacks and `from` has: a Daily Papers dump (no titles) listed before
 * a .bib of the same papers must not hide the .bib's titles, authors and DOIs.
 */
function fillMissingMetadata(into: ParsedPaper, from: ParsedPaper): void {
  // the title with its math is the same title as sourceTitle: taken with it, never beside another file's title
  const takesTitle = into.sourceTitle === undefined || into.sourceTitle.trim() === '';
  for (const field of PAPER_METADATA_FIELDS) {
    if (field === 'sourceTitleMath' && !takesTitle) continue;
    const have = into[field];
    const offered = from[field];
    const missing = have === undefined || (Array.isArray(have) ? have.length === 0 : have.trim() === '');
    const present = offered !== undefined && (Array.isArray(offered) ? offered.length > 0 : offered.trim() !== '');
    if (missing && present)
      (into as unknown as Record<string, unknown>)[field] = Array.isArray(offered) ? [...offered] : offered;
  }
}

/**
 * Merges parsed files into one corpus: the same abstract (same id) in several files is one paper
 * listed in each of their collections. A file that fails to load is a problem, not a failure.
 */
export function mergeCollections(files: { path: string; result: ParseResult }[]): Corpus {
  const byId = new Map<string, ParsedPaper>();
  const collections: Collection[] = [];
  const problems: LoadProblem[] = [];
  const names = collectionNames(files.map((f) => f.path));
  files.forEach(({ path, result }, i) => {
    for (const p of result.problems) problems.push(p);
    const collection: Collection = { name: names[i], path, paperIds: [] };
    const inCollection = new Set<string>();
    for (const paper of result.papers) {
      addToCorpus(byId, paper, names[i]);
      if (!inCollection.has(paper.id)) {
        inCollection.add(paper.id);
        collection.paperIds.push(paper.id);
      }
    }
    collections.push(collection);
  });
  return { papers: [...byId.values()], collections, problems };
}

/** Each file's collection name in load order: its file name, with " (2)", " (3)"… after the first use of a name. */
export function collectionNames(paths: readonly string[]): string[] {
  const used = new Set<string>();
  return paths.map((path) => {
    let name = collectionName(path);
    for (let n = 2; used.has(name); n++) name = `${collectionName(path)} (${n})`;
    used.add(name);
    return name;
  });
}

/**
 * Adds one parsed paper of the collection `name` to the papers merged so far: a paper already there (the same
 * abstract in an earlier file) gains this file's sources and any metadata it lacks.
 */
export function addToCorpus(byId: Map<string, ParsedPaper>, paper: ParsedPaper, name: string): void {
  const sources = paper.sources.map((s) => ({ ...s, collection: name }));
  const existing = byId.get(paper.id);
  if (existing) {
    existing.sources.push(...sources);
    fillMissingMetadata(existing, paper);
  } else {
    byId.set(paper.id, { ...paper, sources });
  }
}

/**
 * Reads and merges files through the injected FileSource. Unreadable files become problems. Each file's
 * format is detected unless `chooseParser` names a parser for it.
 */
export async function loadCorpus(
  paths: string[],
  source: FileSource,
  chooseParser: (path: string, bytes: Uint8Array) => FormatParser | undefined = () => undefined,
): Promise<Corpus> {
  const files: { path: string; result: ParseResult }[] = [];
  for (const path of paths) files.push(parseFileAsRead(await readCollectionFile(path, source), chooseParser));
  return mergeCollections(files);
}

/** A collection file as read: its bytes, or why it could not be read. */
export type FileAsRead = { path: string; bytes: Uint8Array } | { path: string; failure: string };

/** Reads one collection file through `source`; a failure is kept as a message, never thrown. */
export async function readCollectionFile(path: string, source: FileSource): Promise<FileAsRead> {
  try {
    return { path, bytes: await source.readFile(path) };
  } catch (err) {
    return { path, failure: (err as Error).message };
  }
}

/** A file as read, parsed (an unreadable one is a problem, as loadCorpus reports it). */
export function parseFileAsRead(
  file: FileAsRead,
  chooseParser: (path: string, bytes: Uint8Array) => FormatParser | undefined = () => undefined,
): { path: string; result: ParseResult } {
  const { path } = file;
  if ('failure' in file)
    return {
      path,
      result: { papers: [], problems: [{ file: path, message: `cannot read the file: ${file.failure}` }] },
    };
  return { path, result: parseCollectionBytes(file.bytes, path, chooseParser(path, file.bytes)) };
}
