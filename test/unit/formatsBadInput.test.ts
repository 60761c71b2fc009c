/**
 * Bad input, for every format, through parseCollectionBytes as the extension and the CLI call it: good
 * entries load, each bad one is a problem with the file and the line, nothing throws, nothing hangs.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseCollectionBytes } from '../../src/core/collections/corpus';
import { LoadProblem } from '../../src/core/common/errors';

const enc = (s: string) => new TextEncoder().encode(s);

interface Entry {
  key: string;
  abstract: string;
}

/** How to write a file of entries, one entry per line, in each format; `first` is the line of entry 0. */
interface Format {
  name: string;
  file: string;
  first: number;
  write(entries: Entry[]): string;
  /** One entry's line, for inserting a broken or huge one. */
  entry(e: Entry): string;
}

const bibEntry = (e: Entry) => `@misc{${e.key}, title = {T ${e.key}}, abstract = {${e.abstract}}}`;
const cslEntry = (e: Entry) => JSON.stringify({ id: e.key, title: `T ${e.key}`, abstract: e.abstract });
const atomEntry = (e: Entry) => `<entry><id>http://arxiv.org/abs/${e.key}</id><title>T ${e.key}</title><summary>${e.abstract}</summary></entry>`;

const FORMATS: Format[] = [
  { name: 'Daily Papers', file: 'dump.txt', first: 2, entry: (e) => e.abstract, write: (es) => `Daily Papers\n${es.map((e) => e.abstract).join('\n')}\n` },
  { name: 'BibTeX', file: 'refs.bib', first: 1, entry: bibEntry, write: (es) => `${es.map(bibEntry).join('\n')}\n` },
  { name: 'CSL-JSON', file: 'zotero.json', first: 2, entry: cslEntry, write: (es) => `[\n${es.map(cslEntry).join(',\n')}\n]\n` },
  { name: 'JSON Lines', file: 'papers.jsonl', first: 1, entry: cslEntry, write: (es) => `${es.map(cslEntry).join('\n')}\n` },
  { name: 'arXiv Atom', file: 'query.xml', first: 2, entry: atomEntry, write: (es) => `<feed xmlns="http://www.w3.org/2005/Atom">\n${es.map(atomEntry).join('\n')}\n</feed>\n` },
];

const ENTRIES: Entry[] = [
  { key: 'a1', abstract: 'We propose a first method.' },
  { key: 'b2', abstract: 'We study a second question.' },
  { key: 'c3', abstract: 'We measure a third quantity.' },
];

function parse(f: Format, text: string | Uint8Array) {
  return parseCollectionBytes(typeof text === 'string' ? enc(text) : text, f.file);
}

const lines = (problems: LoadProblem[]) => problems.map((p) => p.line);
const abstracts = (r: { papers: { abstract: string }[] }) => r.papers.map((p) => p.abstract);

for (const f of FORMATS) {
  test(`${f.name}: the good file loads with each entry's line and no problem`, () => {
    const r = parse(f, f.write(ENTRIES));
    assert.deepEqual(r.problems, []);
    assert.deepEqual(abstracts(r), ENTRIES.map((e) => e.abstract));
    assert.deepEqual(r.papers.map((p) => p.sources[0].line), [f.first, f.first + 1, f.first + 2]);
  });

  test(`${f.name}: an empty file is one problem saying so`, () => {
    for (const text of ['', '\n  \n']) {
      const r = parse(f, text);
      assert.equal(r.papers.length, 0);
      assert.equal(r.problems.length, 1);
      assert.equal(r.problems[0].file, f.file);
      assert.match(r.problems[0].message, /empty/);
    }
  });

  test(`${f.name}: a binary file is one problem naming the line of its first NUL byte`, () => {
    const bytes = new Uint8Array([...enc(f.write(ENTRIES.slice(0, 1))), 0x00, 0xff, 0x10]);
    const r = parse(f, bytes);
    assert.equal(r.papers.length, 0);
    assert.equal(r.problems.length, 1);
    assert.match(r.problems[0].message, /binary/);
    assert.equal(r.problems[0].line, f.write(ENTRIES.slice(0, 1)).split('\n').length);
  });

  test(`${f.name}: a file in the wrong encoding (Latin-1) loads, with a problem naming the first bad line`, () => {
    const text = f.write([ENTRIES[0], { key: 'caf', abstract: 'A caf\u00e9 study.' }]);
    const bytes = Uint8Array.from([...text].map((c) => c.charCodeAt(0)));
    const r = parse(f, bytes);
    assert.deepEqual(abstracts(r), [ENTRIES[0].abstract, 'A café study.']);
    assert.equal(r.problems.length, 1);
    assert.equal(r.problems[0].line, f.first + 1);
    assert.match(r.problems[0].message, /not valid UTF-8/);
  });

  test(`${f.name}: a truncated file keeps the entries before the cut`, () => {
    const text = f.write(ENTRIES);
    const cut = text.indexOf(ENTRIES[2].abstract) + 10;
    const r = parse(f, text.slice(0, cut));
    assert.deepEqual(abstracts(r).slice(0, 2), [ENTRIES[0].abstract, ENTRIES[1].abstract]);
    if (f.name === 'Daily Papers') {
      // one abstract per line: a cut line is a shorter abstract, nothing to tell it from a whole one
      assert.equal(r.papers.length, 3);
    } else {
      assert.equal(r.papers.length, 2);
      assert.ok(r.problems.length >= 1);
      assert.equal(r.problems[0].line, f.first + 2, JSON.stringify(r.problems));
      assert.match(r.problems.map((p) => p.message).join('\n'), /cut off|not valid JSON/);
    }
  });

  test(`${f.name}: a single 10 MB line is one problem; the entries around it load`, () => {
    const huge = f.entry({ key: 'huge', abstract: 'x'.repeat(10 * 1024 * 1024) });
    const text = f.write(ENTRIES).replace(f.entry(ENTRIES[1]), huge);
    const cpu = process.cpuUsage();
    const r = parse(f, text);
    const used = process.cpuUsage(cpu);
    assert.ok((used.user + used.system) / 1000 < 5000, 'fast');
    assert.deepEqual(abstracts(r), [ENTRIES[0].abstract, ENTRIES[2].abstract]);
    assert.equal(r.problems.length, 1);
    assert.equal(r.problems[0].line, f.first + 1);
    assert.match(r.problems[0].message, /characters/);
  });

  test(`${f.name}: the same entry twice is listed once, with a problem naming the second line`, () => {
    const r = parse(f, f.write([ENTRIES[0], ENTRIES[1], ENTRIES[0]]));
    assert.deepEqual(abstracts(r), [ENTRIES[0].abstract, ENTRIES[1].abstract]);
    assert.equal(r.problems.length, 1);
    assert.equal(r.problems[0].line, f.first + 2);
  });

  test(`${f.name}: 100k tiny entries parse in a few seconds`, () => {
    const many = Array.from({ length: 100_000 }, (_, i) => ({ key: `k${i}`, abstract: `Abstract ${i}.` }));
    const bytes = enc(f.write(many));
    const started = performance.now();
    const cpu = process.cpuUsage();
    const r = parse(f, bytes);
    const used = process.cpuUsage(cpu);
    const cpuMs = (used.user + used.system) / 1000;
    const ms = performance.now() - started;
    console.log(`${f.name}: 100k entries (${(bytes.length / 1e6).toFixed(1)} MB) in ${ms.toFixed(0)} ms (${cpuMs.toFixed(0)} ms of CPU)`);
    assert.equal(r.papers.length, 100_000);
    assert.deepEqual(r.problems, []);
    // CPU time, not wall time: the bound holds on a busy machine too
    assert.ok(cpuMs < 10_000, `${cpuMs} ms of CPU`);
  });
}

test('BibTeX: a key used twice keeps the first entry; the second is a problem naming both lines', () => {
  const r = parse(FORMATS[1], `${bibEntry(ENTRIES[0])}\n${bibEntry({ key: 'a1', abstract: 'Another abstract.' })}\n`);
  assert.equal(r.papers.length, 1);
  assert.deepEqual(r.problems, [{ file: 'refs.bib', line: 2, message: 'entry "a1" has a key already used at line 1; skipped' }]);
});

test('BibTeX: unbalanced braces, a missing comma or a stray brace cost only their entry', () => {
  const text = [
    bibEntry(ENTRIES[0]),
    '@misc{open, title = {Unclosed, abstract = {never ends}',
    bibEntry(ENTRIES[1]),
    '@misc{nocomma, title = {T} abstract = {x}}',
    '}}} stray braces between entries are a comment {{',
    '@article{deep, abstract = {' + '{'.repeat(300) + '}',
    bibEntry(ENTRIES[2]),
  ].join('\n');
  const r = parse(FORMATS[1], text);
  assert.deepEqual(abstracts(r), ENTRIES.map((e) => e.abstract));
  assert.deepEqual(lines(r.problems), [2, 4, 6]);
  assert.match(r.problems[0].message, /entry "open" is not closed: its braces do not balance before line 3/);
  assert.match(r.problems[1].message, /entry "nocomma" cannot be read/);
  assert.match(r.problems[2].message, /nested more than 200 deep/);
});

test('CSL-JSON: a broken item (bad JSON, a missing brace, not an object) costs only itself', () => {
  const text = [
    '[',
    `  ${cslEntry(ENTRIES[0])},`,
    '  {"id": "bad", "abstract": "x" "title": "y"},',
    '  {"id": "open", "abstract": "never closed",',
    `  ${cslEntry(ENTRIES[1])},`,
    '  42,',
    `  ${cslEntry(ENTRIES[2])}`,
    ']',
  ].join('\n');
  const r = parse(FORMATS[2], text);
  assert.deepEqual(abstracts(r), ENTRIES.map((e) => e.abstract));
  assert.deepEqual(lines(r.problems), [3, 4, 6]);
  assert.match(r.problems[0].message, /item 2 is not valid JSON/);
  assert.match(r.problems[2].message, /not a CSL item/);
});

test('CSL-JSON: a whole file that is not JSON, or not an array, is one problem', () => {
  assert.match(parse(FORMATS[2], '{"title": x}').problems[0].message, /not valid JSON/);
  const r = parse(FORMATS[2], '[{"abstract": "fine"}] trailing');
  assert.equal(r.papers.length, 1);
  assert.match(r.problems[0].message, /text after the "]"/);
});

test('JSON Lines: a bad line (not JSON, not an object, no abstract) is a problem naming it', () => {
  const text = [cslEntry(ENTRIES[0]), '{"abstract": "unclosed', '[1, 2]', '{"title": "no abstract"}', cslEntry(ENTRIES[1]), '', cslEntry(ENTRIES[2])].join('\n');
  const r = parse(FORMATS[3], text);
  assert.deepEqual(abstracts(r), ENTRIES.map((e) => e.abstract));
  assert.deepEqual(lines(r.problems), [2, 3, 4]);
  assert.deepEqual(r.problems.map((p) => p.message.split(' (')[0].split(';')[0]), ['not valid JSON', 'not a JSON object', 'the record has no abstract']);
});

test('arXiv Atom: invalid XML, a missing </entry> and stray angle brackets cost only their entry', () => {
  const text = [
    '<feed xmlns="http://www.w3.org/2005/Atom">',
    atomEntry(ENTRIES[0]),
    '<entry><id>bad</id><title>x</titl><summary>y</summary></entry>',
    '<entry><id>open</id><summary>never closed</summary>',
    atomEntry(ENTRIES[1]),
    '<entry><id>lt</id><summary>a < b</summary></entry>',
    atomEntry(ENTRIES[2]),
    '</feed>',
  ].join('\n');
  const r = parse(FORMATS[4], text);
  assert.deepEqual(abstracts(r), ENTRIES.map((e) => e.abstract));
  assert.deepEqual(lines(r.problems), [3, 4, 6]);
  assert.match(r.problems[0].message, /not valid XML at line 3/);
  assert.match(r.problems[1].message, /no <\/entry> before the next <entry> at line 5/);
});

test('arXiv Atom: XML that is not a feed is one problem', () => {
  const r = parseCollectionBytes(enc('<?xml version="1.0"?>\n<html><body>hi</body></html>'), 'page.xml');
  assert.equal(r.problems.length, 1);
  assert.match(r.problems[0].message, /not an Atom feed/);
});

test('UTF-16 files (with a BOM) are read in every format', () => {
  for (const f of FORMATS) {
    const text = f.write(ENTRIES);
    const bytes = new Uint8Array(2 + text.length * 2);
    bytes[0] = 0xff;
    bytes[1] = 0xfe;
    for (let i = 0; i < text.length; i++) {
      bytes[2 + 2 * i] = text.charCodeAt(i) & 0xff;
      bytes[3 + 2 * i] = text.charCodeAt(i) >> 8;
    }
    const r = parse(f, bytes);
    assert.deepEqual(abstracts(r), ENTRIES.map((e) => e.abstract), f.name);
  }
});
