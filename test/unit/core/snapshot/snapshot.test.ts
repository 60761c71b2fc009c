import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Analysis, analyzeCorpus, applyCorrections } from '../../../../src/core/analysis/analyze';
import { mergeCollections, parseCollectionBytes } from '../../../../src/core/collections/corpus';
import { decodeSnapshot, encodeSnapshot, fromSnapshot, snapshotLabel, toSnapshot } from '../../../../src/core/snapshot/snapshot';
import { SNAPSHOT_FORMAT, SnapshotError, SnapshotReader, SnapshotWriter } from '../../../../src/core/snapshot/format';

// Made-up abstracts from four fields, several per field, so the grouping has something to find.
const fields: Record<string, string[]> = {
  astro: ['galaxy', 'telescope', 'redshift', 'dark matter', 'star formation'],
  bio: ['gene expression', 'protein', 'cell', 'genome', 'mutation'],
  econ: ['inflation', 'labor market', 'monetary policy', 'wage', 'unemployment'],
  code: ['compiler', 'static analysis', 'type system', 'program', 'bug'],
};
const lines: string[] = [];
for (const [field, words] of Object.entries(fields)) {
  for (let i = 0; i < 6; i++) {
    const w = (k: number) => words[(i + k) % words.length];
    lines.push(`We study ${w(0)} and ${w(1)} in ${field} number ${i}. Our ${w(2)} model explains ${w(3)} with ${w(4)} data from survey ${i}.`);
  }
}
// non-ASCII text: accents, Greek, CJK, an emoji (a surrogate pair), a byte-order mark inside the text
lines.push('Straße und Café: wir messen die Größe von Wärmeströmen mit λ-Sonden, 熱流 und 🔥 Kameras\ufeff in zwölf Öfen.');
const daily = `Daily Papers\n${lines.join('\n')}\n`;
// a BibTeX file listing one of the dump's abstracts again (a paper in two collections), one of its own
// with every metadata field, and an entry without an abstract (a load problem)
const bib = `@article{hive2021,
  title = {Bees {and} Inflation},
  author = {Hive, Ada and Ćomb, Bø},
  year = {2021},
  doi = {10.9999/bees.4},
  url = {https://example.org/bees},
  abstract = {${lines[12]}}
}
@inproceedings{kite2019,
  title = {KiteFold: Folding Kites with Robots},
  author = {Flyer, Kit},
  year = {2019},
  abstract = {KiteFold folds paper kites with a two-arm robot, learning crease order from forty human demonstrations of the galaxy telescope.}
}
@misc{empty2020,
  title = {No Abstract Here},
  year = {2020}
}
`;

function madeUpAnalysis(): Analysis {
  const files = [
    { path: 'daily.txt', text: daily },
    { path: 'refs.bib', text: bib },
  ];
  return analyzeCorpus(mergeCollections(files.map((f) => ({ path: f.path, result: parseCollectionBytes(new TextEncoder().encode(f.text), f.path) }))));
}

test('a snapshot restores the same themes, search and related papers', () => {
  const a = madeUpAnalysis();
  const b = fromSnapshot(decodeSnapshot(encodeSnapshot(toSnapshot(a))));
  assert.deepEqual(b.themes, a.themes);
  assert.deepEqual(b.papers.map((p) => [p.id, p.title, p.theme]), a.papers.map((p) => [p.id, p.title, p.theme]));
  for (const q of ['inflation', 'compil', 'theme:' + a.themes[0].label]) {
    assert.deepEqual(b.search.search(q).map((h) => h.id), a.search.search(q).map((h) => h.id), q);
  }
  for (const p of a.papers) assert.deepEqual(b.related.relatedTo(p.id, 3), a.related.relatedTo(p.id, 3));
});

test('encode then decode gives back the snapshot: papers with metadata, two collections, non-ASCII text, problems', () => {
  const a = madeUpAnalysis();
  const s = toSnapshot(a);
  // the made-up data has what the round trip must carry
  const both = s.papers.find((p) => p.collections.length === 2);
  assert.ok(both, 'a paper in both collections');
  assert.deepEqual(both.sources.map((x) => x.collection), ['daily', 'refs']);
  assert.equal(both.sourceKey, 'hive2021');
  assert.ok(s.papers.some((p) => p.abstract.includes('🔥') && p.abstract.includes('\ufeff')));
  assert.ok(s.papers.some((p) => p.authors?.some((x) => x.includes('Ć'))));
  assert.ok(s.problems.length > 0 && s.problems.some((p) => p.file === 'refs.bib'));
  const back = decodeSnapshot(encodeSnapshot(s));
  assert.deepEqual(back.papers, s.papers);
  for (const p of back.papers) assert.equal(Object.getPrototypeOf(p), Object.prototype, 'papers stay plain objects');
  assert.deepEqual(back.computedThemes, s.computedThemes);
  assert.deepEqual(back.collections, s.collections);
  assert.deepEqual(back.problems, s.problems);
  assert.deepEqual(back.timings, s.timings);
  assert.deepEqual(back.relatedRows, s.relatedRows);
  assert.equal(back.relatedDims, s.relatedDims);
  assert.deepEqual(back.searchIndex, s.searchIndex);
});

test('restored search answers every query as the original: words, prefixes, misspellings, non-ASCII, filters', () => {
  const a = madeUpAnalysis();
  const b = fromSnapshot(decodeSnapshot(encodeSnapshot(toSnapshot(a))));
  const queries = ['galaxy', 'gal', 'telescpe', 'größe', 'wärme', '熱流', 'kitefold', 'inflation wage', 'collection:refs', '-collection:daily bees', 'theme:' + a.themes[1].label, 'st'];
  for (const q of queries) assert.deepEqual(b.search.search(q), a.search.search(q), q);
  assert.ok(a.search.search('kitefold').length > 0 && a.search.search('collection:refs').length === 2);
});

test('a paper field the columns do not know, or a source with more than a collection and a line, survives the round trip', () => {
  const s = toSnapshot(madeUpAnalysis());
  const odd = s.papers.map((p, i) => (i === 0 ? { ...p, venue: 'Journal of Made-up Results', sources: [{ collection: 'daily', line: 2, column: 7 }] } : i === 1 ? { ...p, method: null } : p));
  const back = decodeSnapshot(encodeSnapshot({ ...s, papers: odd }));
  assert.deepEqual(back.papers, odd);
});

test('strings round-trip exactly: empty, across chunks, surrogate pairs at a chunk edge, lone surrogates, a leading BOM', () => {
  const long = 'é'.repeat(40_000) + '🚀' + 'x'.repeat(70_000);
  const edge = 'a'.repeat(32_767) + '😀' + 'b';
  const strings = ['', '\ufeffstarts with a BOM', long, '', edge, 'lone \ud800 high and \udc00 low', 'ascii', '中文摘要'.repeat(9000), ''];
  const w = new SnapshotWriter();
  const numbers = strings.map((s) => w.string(s));
  const r = new SnapshotReader(w.finish({ numbers }));
  const back = r.strings();
  assert.deepEqual((r.body as { numbers: number[] }).numbers.map((n) => back[n]), strings);
});

test('a truncated, damaged, older-format or foreign file is a SnapshotError, never another error or wrong data', () => {
  const bytes = encodeSnapshot(toSnapshot(madeUpAnalysis()));
  const rejects = (b: Uint8Array, why: string) => assert.throws(() => decodeSnapshot(b), SnapshotError, why);
  for (const cut of [0, 10, 30, 100, Math.floor(bytes.length / 2), bytes.length - 1]) rejects(bytes.subarray(0, cut), `cut at ${cut}`);
  rejects(new Uint8Array([...bytes, 0]), 'one byte too many');
  const otherFormat = bytes.slice();
  new DataView(otherFormat.buffer).setUint32(16, SNAPSHOT_FORMAT + 1, true);
  rejects(otherFormat, 'a newer format');
  // format 1 was two files: JSON text and a binary part
  rejects(new TextEncoder().encode(JSON.stringify({ papers: [], computedThemes: [], relatedRows: { $binary: 'Float32Array', offset: 0, length: 0 } })), 'the old JSON part');
  rejects(new Uint8Array(4096).fill(7), 'garbage');
  const badHeader = bytes.slice();
  badHeader[40] ^= 0xff; // inside the JSON part
  rejects(badHeader, 'a damaged JSON part');
});

test('section numbers and string numbers out of range are rejected', () => {
  const w = new SnapshotWriter();
  w.string('only string');
  const r = new SnapshotReader(w.finish({}));
  assert.throws(() => r.array(99, 'u32'), SnapshotError);
  assert.throws(() => r.array(0, 'f32'), SnapshotError, 'a section read as another type');
  const s = toSnapshot(madeUpAnalysis());
  const bytes = encodeSnapshot(s);
  // point the search index at a section that is not there: the JSON part is rewritten with the same length
  const jsonStart = 32;
  const jsonLength = new DataView(bytes.buffer).getUint32(20, true);
  const json = new TextDecoder().decode(bytes.subarray(jsonStart, jsonStart + jsonLength));
  // a section number that no section has, padded with spaces (JSON allows them) to the same length
  const broken = json.replace(/"alive":(\d+)/, (_m, n: string) => `"alive":${'-1'.padEnd(n.length)}`);
  assert.notEqual(broken, json);
  const copy = bytes.slice();
  copy.set(new TextEncoder().encode(broken), jsonStart);
  assert.throws(() => decodeSnapshot(copy), SnapshotError);
});

test('the label is stored and read back without decoding the snapshot', () => {
  const s = toSnapshot(madeUpAnalysis());
  assert.equal(snapshotLabel(encodeSnapshot(s, 'seeds:1234')), 'seeds:1234');
  assert.equal(snapshotLabel(encodeSnapshot(s)), undefined);
});

test('corrections re-applied to an analysis move papers and update the theme: filter', () => {
  const a = madeUpAnalysis();
  const paper = a.papers[0];
  applyCorrections(a, { renames: {}, moves: {}, userThemes: [{ id: 'mine', label: 'My reading list', keywords: [] }] });
  applyCorrections(a, { renames: {}, moves: { [paper.id]: 'mine' }, userThemes: [{ id: 'mine', label: 'My reading list', keywords: [] }] });
  assert.equal(a.byId.get(paper.id)!.theme, 'mine');
  assert.deepEqual(a.search.search('theme:"my reading"').map((h) => h.id), [paper.id]);
});
