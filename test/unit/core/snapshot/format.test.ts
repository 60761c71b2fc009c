import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { Analysis, analyzeCorpus } from '../../../../src/core/analysis/analyze';
import { mergeCollections, parseCollectionBytes } from '../../../../src/core/collections/corpus';
import { decodeSnapshot, encodeSnapshot, toSnapshot } from '../../../../src/core/snapshot/snapshot';
import { SnapshotError, SnapshotReader, SnapshotWriter } from '../../../../src/core/snapshot/format';

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

describe('SnapshotWriter and SnapshotReader', () => {
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
});
