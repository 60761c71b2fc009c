// Writers for collection files in every format the loader reads, one entry per line, for the corpus tests.
// Made in memory: nothing is read or built at import.
import { parseCollectionBytes } from '../../src/core/collections/corpus';

export const enc = (s: string) => new TextEncoder().encode(s);

export interface Entry {
  key: string;
  abstract: string;
}

/** How to write a file of entries, one entry per line, in each format; `first` is the line of entry 0. */
export interface Format {
  name: string;
  file: string;
  first: number;
  write(entries: Entry[]): string;
  /** One entry's line, for inserting a broken or huge one. */
  entry(e: Entry): string;
}

export const bibEntry = (e: Entry) => `@misc{${e.key}, title = {T ${e.key}}, abstract = {${e.abstract}}}`;
export const cslEntry = (e: Entry) => JSON.stringify({ id: e.key, title: `T ${e.key}`, abstract: e.abstract });
export const atomEntry = (e: Entry) =>
  `<entry><id>http://arxiv.org/abs/${e.key}</id><title>T ${e.key}</title><summary>${e.abstract}</summary></entry>`;

export const FORMATS: Format[] = [
  {
    name: 'Daily Papers',
    file: 'dump.txt',
    first: 2,
    entry: (e) => e.abstract,
    write: (es) => `Daily Papers\n${es.map((e) => e.abstract).join('\n')}\n`,
  },
  { name: 'BibTeX', file: 'refs.bib', first: 1, entry: bibEntry, write: (es) => `${es.map(bibEntry).join('\n')}\n` },
  {
    name: 'CSL-JSON',
    file: 'zotero.json',
    first: 2,
    entry: cslEntry,
    write: (es) => `[\n${es.map(cslEntry).join(',\n')}\n]\n`,
  },
  {
    name: 'JSON Lines',
    file: 'papers.jsonl',
    first: 1,
    entry: cslEntry,
    write: (es) => `${es.map(cslEntry).join('\n')}\n`,
  },
  {
    name: 'arXiv Atom',
    file: 'query.xml',
    first: 2,
    entry: atomEntry,
    write: (es) => `<feed xmlns="http://www.w3.org/2005/Atom">\n${es.map(atomEntry).join('\n')}\n</feed>\n`,
  },
];

/** parseCollectionBytes of `text` as a file in format `f`. */
export function parse(f: Format, text: string | Uint8Array) {
  return parseCollectionBytes(typeof text === 'string' ? enc(text) : text, f.file);
}
