import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mergeCollections } from '../../../../src/core/collections/corpus';
import { paperId } from '../../../../src/core/papers/ids';
import { ParsedPaper } from '../../../../src/core/papers/types';

// Made-up abstracts: a paper about counting bees and one about folding kites.
const BEES = 'We train honeybees to count to four with sugar rewards and report that marked foragers generalize the rule to new shapes.';
const KITES = 'KiteFold folds paper kites with a two-arm robot, learning crease order from forty human demonstrations.';

function paper(abstract: string, file: string, line: number, meta: Partial<ParsedPaper> = {}): ParsedPaper {
  return { id: paperId(abstract), abstract, sources: [{ collection: file, line }], ...meta };
}

test('the same paper in a dump and then a .bib keeps the .bib\'s title, authors, year, DOI and URL', () => {
  const corpus = mergeCollections([
    { path: 'daily.txt', result: { papers: [paper(BEES, 'daily.txt', 2)], problems: [] } },
    {
      path: 'refs.bib',
      result: {
        papers: [paper(BEES, 'refs.bib', 7, { sourceTitle: 'Bees Count to Four', authors: ['Ada Hive', 'Bo Comb'], year: '2021', doi: '10.9999/bees.4', url: 'https://example.org/bees', sourceKey: 'hive2021' })],
        problems: [],
      },
    },
  ]);
  assert.equal(corpus.papers.length, 1);
  const [p] = corpus.papers;
  assert.equal(p.sourceTitle, 'Bees Count to Four');
  assert.deepEqual(p.authors, ['Ada Hive', 'Bo Comb']);
  assert.equal(p.year, '2021');
  assert.equal(p.doi, '10.9999/bees.4');
  assert.equal(p.url, 'https://example.org/bees');
  assert.equal(p.sourceKey, 'hive2021');
  assert.deepEqual(p.sources, [{ collection: 'daily', line: 2 }, { collection: 'refs', line: 7 }]);
  assert.deepEqual(corpus.collections.map((c) => c.paperIds), [[p.id], [p.id]]);
});

test('each field comes from the first file that has it: an earlier file\'s value is never overwritten', () => {
  const corpus = mergeCollections([
    { path: 'a.json', result: { papers: [paper(KITES, 'a.json', 3, { sourceTitle: 'KiteFold', year: '2019', authors: [] })], problems: [] } },
    { path: 'b.bib', result: { papers: [paper(KITES, 'b.bib', 1, { sourceTitle: 'KiteFold: Robots That Fold Kites', year: '2020', authors: ['Cy Paper'], doi: '10.9999/kite' })], problems: [] } },
    { path: 'c.xml', result: { papers: [paper(KITES, 'c.xml', 9, { url: 'https://example.org/kite', doi: '10.9999/other' })], problems: [] } },
  ]);
  const [p] = corpus.papers;
  assert.equal(p.sourceTitle, 'KiteFold');
  assert.equal(p.year, '2019');
  assert.deepEqual(p.authors, ['Cy Paper'], 'an empty author list counts as missing');
  assert.equal(p.doi, '10.9999/kite');
  assert.equal(p.url, 'https://example.org/kite');
  assert.equal(p.sources.length, 3);
});

test('merging does not change the parsed input it was given', () => {
  const later = paper(BEES, 'refs.bib', 7, { authors: ['Ada Hive'] });
  const first = paper(BEES, 'daily.txt', 2);
  const corpus = mergeCollections([
    { path: 'daily.txt', result: { papers: [first], problems: [] } },
    { path: 'refs.bib', result: { papers: [later], problems: [] } },
  ]);
  corpus.papers[0].authors!.push('Someone Else');
  assert.deepEqual(later.authors, ['Ada Hive']);
  assert.equal(first.authors, undefined);
  assert.equal(first.sources.length, 1);
});
