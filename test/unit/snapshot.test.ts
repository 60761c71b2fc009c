import { test } from 'node:test';
import assert from 'node:assert/strict';
import { analyzeCorpus, applyCorrections } from '../../src/core/analyze';
import { mergeCollections, parseCollectionBytes } from '../../src/core/corpus';
import { decodeSnapshot, encodeSnapshot, fromSnapshot, toSnapshot } from '../../src/core/snapshot';

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
const text = `Daily Papers\n${lines.join('\n')}\n`;

test('a snapshot restores the same themes, search and related papers', () => {
  const corpus = mergeCollections([{ path: 'made-up.txt', result: parseCollectionBytes(new TextEncoder().encode(text), 'made-up.txt') }]);
  const a = analyzeCorpus(corpus);
  const { json, binary } = encodeSnapshot(toSnapshot(a));
  const b = fromSnapshot(decodeSnapshot(json, binary));
  assert.deepEqual(b.themes, a.themes);
  assert.deepEqual(b.papers.map((p) => [p.id, p.title, p.theme]), a.papers.map((p) => [p.id, p.title, p.theme]));
  for (const q of ['inflation', 'compil', 'theme:' + a.themes[0].label]) {
    assert.deepEqual(b.search.search(q).map((h) => h.id), a.search.search(q).map((h) => h.id), q);
  }
  for (const p of a.papers) assert.deepEqual(b.related.relatedTo(p.id, 3), a.related.relatedTo(p.id, 3));
});

test('corrections re-applied to an analysis move papers and update the theme: filter', () => {
  const corpus = mergeCollections([{ path: 'made-up.txt', result: parseCollectionBytes(new TextEncoder().encode(text), 'made-up.txt') }]);
  const a = analyzeCorpus(corpus);
  const paper = a.papers[0];
  applyCorrections(a, { renames: {}, moves: {}, userThemes: [{ id: 'mine', label: 'My reading list', keywords: [] }] });
  applyCorrections(a, { renames: {}, moves: { [paper.id]: 'mine' }, userThemes: [{ id: 'mine', label: 'My reading list', keywords: [] }] });
  assert.equal(a.byId.get(paper.id)!.theme, 'mine');
  assert.deepEqual(a.search.search('theme:"my reading"').map((h) => h.id), [paper.id]);
});
