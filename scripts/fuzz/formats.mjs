// Adversarial collection files, one generator per input class. Each takes the case's PRNG and returns
// { ext, data } (data a string or a Buffer). Sizes stay under ~10 MB so that a fixed product handles any of
// them in seconds; the shapes are the ones that broke it (issue 18): problems by the hundred thousand, deep
// nesting, @string games, huge first records, prototype keys.
import { readdirSync, readFileSync } from 'node:fs';
import { extname, join } from 'node:path';
import { PROTO_KEYS } from './workspace.mjs';
/** @typedef {import('./prng.mjs').Random} Random */

const FIXTURES = 'test/fixtures/formats';

/**
 * @param {number} n
 * @param {(i: number) => string} make
 */
const repeat = (n, make) => Array.from({ length: n }, (_, i) => make(i)).join('');

/**
 * A Daily Papers dump: a header, abstracts, and lines a dump should not hold.
 * @param {Random} r
 */
function dailyPapers(r) {
  const lines = [r.chance(0.8) ? 'Daily Papers' : r.word(), ''];
  const n = r.size(1, 200_000);
  // one huge line at most (~1.6 MB), so that the file stays a size a dump can have
  let huge = r.chance(0.3);
  for (let i = 0; i < n; i++) {
    const kind = r.int(0, 9);
    if (kind < 4) lines.push(r.pick(['x', '', ' ', '\t', '\u0001', '\ufeff', '%', '\\']));
    else if (huge && kind > 7) {
      lines.push(r.abstract(r.size(100, 200_000)));
      huge = false;
    } else lines.push(n > 5_000 ? 'x' : r.abstract());
  }
  const eol = r.pick(['\n', '\r\n', '\r']);
  // now and then a NUL: the whole file is then refused as binary
  if (r.chance(0.05)) lines.push('\u0000');
  return { ext: 'txt', data: (r.chance(0.2) ? '\ufeff' : '') + lines.join(eol) };
}

/**
 * BibTeX with @string chains and floods, @preamble/@comment games, entries without fields.
 * @param {Random} r
 */
function bibtexStrings(r) {
  const parts = [];
  const shape = r.int(0, 4);
  if (shape === 0) {
    // a doubling chain: each macro twice the one before (2^30 characters if expanded, even unused)
    parts.push('@string{m0 = "ab"}\n');
    for (let i = 1; i <= r.int(20, 34); i++) parts.push(`@string{m${i} = m${i - 1} # m${i - 1}}\n`);
  } else if (shape === 1) {
    // many macros, then many broken entries (each batch of entries used to parse the @string block again)
    // as many broken entries as macros: the cost was their product
    const macros = r.size(10, 3000);
    parts.push(repeat(macros, (i) => `@string{s${i} = "${r.word().replace(/[^a-z0-9 ]/g, '')}"}\n`));
    // broken, but with balanced braces, so that each is found, fails and is read again on its own
    const broken = r.pick([
      (/** @type {number} */ i) => `@misc{b${i}, title = s${i % macros} # # , abstract = {x}}\n`,
      (/** @type {number} */ i) => `@misc{b${i}, title = {x} abstract = {y}}\n`,
      (/** @type {number} */ i) => `@misc{b${i} title = s${i % macros}}\n`,
    ]);
    parts.push(repeat(macros, broken));
  } else if (shape === 2) {
    parts.push(repeat(r.size(1, 200_000), (i) => `@misc{k${i},}\n`));
  } else if (shape === 3) {
    parts.push('@string{self = self # self}\n@string{a = b}\n@string{b = a}\n');
    parts.push(`@preamble{ "${'\\'.repeat(r.int(0, 5))}" # self }\n@comment{ {{{ }\n@comment{ @misc{c, title={x}} }\n`);
    parts.push(`@misc{ok, title = a # b # self, abstract = {${r.abstract()}}}\n`);
  } else {
    for (const key of PROTO_KEYS)
      parts.push(`@article{${key}, ${key} = {${r.abstract()}}, abstract = {${r.abstract()}}}\n`);
    parts.push(`@string{${r.pick(PROTO_KEYS)} = "x"}\n@misc{p, title = constructor, abstract = __proto__}\n`);
  }
  parts.push(`@article{good, title = {A good entry}, abstract = {${r.abstract(30)}}}\n`);
  return { ext: 'bib', data: parts.join('') };
}

/**
 * BibTeX with deep or unbalanced braces and huge fields.
 * @param {Random} r
 */
function bibtexNesting(r) {
  const depth = r.size(10, 200_000);
  const shape = r.int(0, 3);
  let body;
  if (shape === 0) body = `@misc{deep, abstract = ${'{'.repeat(depth)}x${'}'.repeat(depth)}}\n`;
  else if (shape === 1) body = `@misc{open, abstract = ${'{'.repeat(depth)}x\n@misc{next, title={y}}\n`;
  else if (shape === 2) body = `@misc{close, abstract = {x${'}'.repeat(depth)}\n@misc{next, title={y}}\n`;
  else body = `@misc{huge, abstract = {${'word '.repeat(r.size(1000, 2_000_000))}}}\n`;
  return { ext: 'bib', data: `${body}@article{good, title = {Good}, abstract = {${r.abstract(30)}}}\n` };
}

/**
 * CSL-JSON: deep nesting, huge arrays of {} items, wrong types, prototype keys.
 * @param {Random} r
 */
function cslJson(r) {
  const shape = r.int(0, 4);
  const good = { id: 'good', type: 'article', title: 'Good', abstract: r.abstract(30) };
  let data;
  if (shape === 0) {
    const depth = r.size(10, 500_000);
    data = `${'['.repeat(depth)}${JSON.stringify(good)}${']'.repeat(r.chance(0.5) ? depth : depth - 1)}`;
  } else if (shape === 1) data = `[${repeat(r.size(1, 200_000), () => '{},')}${JSON.stringify(good)}]`;
  else if (shape === 2) {
    const odd = [null, 1, 'x', [], true, { id: 1 }, { id: 'a', title: ['x'] }, { abstract: { text: 1 } }];
    const items = Array.from({ length: r.size(1, 5000) }, () => r.pick(odd));
    data = JSON.stringify([...items, good]);
  } else if (shape === 3) {
    const items = PROTO_KEYS.map((k) => `{"id":"${k}","${k}":{"x":1},"title":"${k}","abstract":"${r.abstract()}"}`);
    data = `[${items.join(',')},{"__proto__":{"polluted":1},"id":"p","abstract":"x"},${JSON.stringify(good)}]`;
  } else data = r.pick(['{}', 'null', '"x"', '1e999', '[', '{"items":', '\ufeff[]', '[]'.repeat(10)]);
  return { ext: 'json', data };
}

/**
 * JSON Lines: floods of empty lines, a first record over 64 KB, bad lines, prototype keys.
 * @param {Random} r
 */
function jsonLines(r) {
  const good = JSON.stringify({ id: 'good', title: 'Good', abstract: r.abstract(30) });
  const shape = r.int(0, 3);
  let data;
  if (shape === 0) data = `${'\n'.repeat(r.size(1, 200_000))}${good}\n`;
  else if (shape === 1) {
    const first = JSON.stringify({ id: 'big', title: 'Big', abstract: r.abstract(r.size(12_000, 400_000)) });
    data = `${first}\n${good}\n`;
  } else if (shape === 2)
    data = `${repeat(r.size(1, 100_000), () => `${r.pick(['{}', 'x', '[]', 'null', '{"id":1}'])}\n`)}${good}\n`;
  else
    data = `{"__proto__":{"x":1},"id":"p","abstract":"a"}\n{"constructor":"c","id":"constructor","abstract":"b"}\n${good}\n`;
  return { ext: 'jsonl', data };
}

/**
 * arXiv Atom: entities (and their expansion), empty entries, huge and deep feeds.
 * @param {Random} r
 */
function arxivAtom(r) {
  /**
   * @param {string} id
   * @param {string} summary
   */
  const entry = (id, summary) =>
    `<entry><id>http://arxiv.org/abs/${id}</id><title>T ${id}</title><summary>${summary}</summary></entry>`;
  const shape = r.int(0, 3);
  let head = '<?xml version="1.0" encoding="UTF-8"?>\n';
  let body;
  if (shape === 0) {
    head += '<!DOCTYPE feed [<!ENTITY a "aaaaaaaaaa">';
    for (let i = 1; i < r.int(3, 10); i++)
      head += `<!ENTITY ${'a'.repeat(i + 1)} "${`&${'a'.repeat(i)};`.repeat(10)}">`;
    head += ']>\n';
    body = entry('1', `&${'a'.repeat(r.int(2, 9))}; &lt; &#0; &#x110000; &unknown;`);
  } else if (shape === 1) body = repeat(r.size(1, 200_000), () => '<entry></entry>');
  else if (shape === 2) body = `${'<x>'.repeat(r.size(10, 100_000))}${entry('2', 'deep')}`;
  else body = entry('3', r.abstract(r.size(1000, 1_000_000)));
  const feed = `${head}<feed xmlns="http://www.w3.org/2005/Atom">${body}${entry('9999.0001', r.abstract(30))}</feed>`;
  return { ext: 'xml', data: feed };
}

/**
 * One of the repository's own fixtures, truncated, with bytes flipped, duplicated or spliced into another.
 * @param {Random} r
 */
export function mutatedFixture(r) {
  const names = readdirSync(FIXTURES).sort();
  const name = r.pick(names);
  let data = readFileSync(join(FIXTURES, name));
  for (let m = r.int(1, 4); m > 0; m--) {
    const op = r.int(0, 4);
    if (op === 0) data = data.subarray(0, r.int(0, data.length));
    else if (op === 1) {
      data = Buffer.from(data);
      for (let i = r.int(1, 20); i > 0 && data.length; i--) data[r.int(0, data.length - 1)] = r.int(0, 255);
    } else if (op === 2) {
      // duplicated up to 8 MB
      const copies = Math.min(r.size(2, 2000), Math.ceil(8e6 / Math.max(1, data.length)));
      data = Buffer.concat(Array.from({ length: copies }, () => data)).subarray(0, 8e6);
    } else if (op === 3) {
      const other = readFileSync(join(FIXTURES, r.pick(names)));
      const at = r.int(0, data.length);
      data = Buffer.concat([data.subarray(0, at), other, data.subarray(at)]);
    } else data = Buffer.concat([data, Buffer.from(r.word())]);
  }
  // the extension kept, or another format's (content sniffing against the name)
  const ext = r.chance(0.7) ? extname(name).slice(1) : r.pick(['txt', 'bib', 'json', 'jsonl', 'xml', 'md', '']);
  return { ext, data };
}

/** Every format generator, by input class. */
export const FORMAT_CLASSES = {
  'txt-dump': dailyPapers,
  'bib-strings': bibtexStrings,
  'bib-nesting': bibtexNesting,
  'csl-json': cslJson,
  jsonl: jsonLines,
  'atom-xml': arxivAtom,
  'fixture-mutation': mutatedFixture,
};
