import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { applyCorrections } from '../../../../src/core/analysis/analyze';
import { claimedTitles, joinTitleChunks, TITLE_CHUNK } from '../../../../src/core/analysis';
import { deriveTitle } from '../../../../src/core/titles';
import { analyzeFiles, madeUpAbstracts, madeUpAnalysis } from '../../../helpers/madeUpCorpus';

describe('applyCorrections', () => {
  test('corrections re-applied to an analysis move papers and update the theme: filter', () => {
    const a = madeUpAnalysis();
    const paper = a.papers[0];
    applyCorrections(a, {
      renames: {},
      moves: {},
      userThemes: [{ id: 'mine', label: 'My reading list', keywords: [] }],
    });
    applyCorrections(a, {
      renames: {},
      moves: { [paper.id]: 'mine' },
      userThemes: [{ id: 'mine', label: 'My reading list', keywords: [] }],
    });
    assert.equal(a.byId.get(paper.id)!.theme, 'mine');
    assert.deepEqual(
      a.search.search('theme:"my reading"').map((h) => h.id),
      [paper.id],
    );
  });
});

describe('an analysis whose index is built on first search', () => {
  const moved = { renames: {}, userThemes: [{ id: 'mine', label: 'My reading list', keywords: [] }] };

  test('is not indexed until searched, then answers as one indexed at once, corrections made before included', () => {
    const now = madeUpAnalysis();
    const later = madeUpAnalysis({ indexOnFirstSearch: true });
    assert.ok('index' in now.timings);
    assert.ok(!('index' in later.timings), 'no index built with the analysis');
    const paper = later.papers[3];
    for (const a of [now, later]) applyCorrections(a, { ...moved, moves: { [paper.id]: 'mine' } });
    for (const query of ['galaxy', 'protein cell', 'theme:"my reading"', 'kitefold'])
      assert.deepEqual(
        later.search.search(query).map((h) => h.id),
        now.search.search(query).map((h) => h.id),
        query,
      );
    assert.deepEqual(
      later.search.search('theme:"my reading"').map((h) => h.id),
      [paper.id],
    );
  });
});

describe('analyzeCorpus', () => {
  const BIB = `@book{moths2004,
  title = {Atlas of Made-up Moths},
  author = {Wing, Mo and Night, Lu},
  year = {2004}
}
`;

  test('a paper known by its title is titled, themed, keyworded and searchable by title and author; no method', () => {
    const a = madeUpAnalysis();
    const book = a.papers.find((p) => p.sourceKey === 'empty2020')!;
    assert.equal(book.abstract, '');
    assert.equal(book.title, 'No Abstract Here: Moths of the Galaxy');
    assert.equal(book.method, null);
    assert.deepEqual([book.authors, book.year], [['Mo Wing'], '2020']);
    assert.ok(
      a.themes.some((t) => t.paperIds.includes(book.id)),
      'in a theme',
    );
    assert.ok(book.keywords.length > 0, 'keywords from its title');
    assert.ok(a.search.search('moths').some((h) => h.id === book.id));
    assert.ok(a.search.search('wing').some((h) => h.id === book.id));
    assert.deepEqual(
      a.problems.map((p) => `${p.file}:${p.line}`),
      ['refs.bib:20'],
    );
  });

  test('papers without an abstract change no title or method of the papers that have one', () => {
    const daily = `Daily Papers\n${madeUpAbstracts().join('\n')}\n`;
    const alone = analyzeFiles([{ path: 'daily.txt', text: daily }]);
    const both = analyzeFiles([
      { path: 'daily.txt', text: daily },
      { path: 'books.bib', text: BIB },
    ]);
    assert.equal(both.papers.length, alone.papers.length + 1);
    assert.deepEqual(
      both.papers.filter((p) => p.abstract).map((p) => [p.id, p.title, p.method]),
      alone.papers.map((p) => [p.id, p.title, p.method]),
    );
    const moths = both.papers.find((p) => !p.abstract)!;
    assert.deepEqual([moths.title, moths.method, moths.year], ['Atlas of Made-up Moths', null, '2004']);
  });

  test('a library of papers known only by their titles is analysed without an abstract at all', () => {
    const a = analyzeFiles([{ path: 'books.bib', text: BIB }]);
    assert.equal(a.papers.length, 1);
    assert.equal(a.themes.length, 1);
    assert.equal(a.papers[0].theme, a.themes[0].id);
  });
});

describe('titles claimed in chunks by two threads', () => {
  test('however the chunks are shared out, the titles are those of one pass, in order; a lost chunk is an error', () => {
    const abstracts = Array.from(
      { length: 3 * TITLE_CHUNK + 17 },
      (_, i) => `We propose Method${i}, a model for task ${i}. It improves results on benchmark ${i % 7}.`,
    );
    let next = 0;
    const claim = () => {
      const from = next;
      next += TITLE_CHUNK;
      return from;
    };
    // one claimer takes the first chunk, the other the rest, turn by turn as a shared counter would hand them out
    const first = claimedTitles(abstracts.slice(0), () => (next === 0 ? claim() : abstracts.length));
    const rest = claimedTitles(abstracts, claim);
    assert.equal(first.size, 1);
    assert.equal(rest.size, 3);
    const joined = joinTitleChunks(abstracts.length, rest, first);
    assert.deepEqual(
      joined.map((t) => t.title),
      abstracts.map((a) => deriveTitle(a).title),
    );
    assert.throws(() => joinTitleChunks(abstracts.length, rest), /no title was derived for paper 0/);
  });
});
