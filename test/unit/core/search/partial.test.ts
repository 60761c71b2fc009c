import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import {
  buildSearchChunk,
  chunkBuffers,
  PartialSearch,
  titleBeforeAnalysis,
} from '../../../../src/core/search/partial';
import { PaperSearch } from '../../../../src/core/search/paperSearch';
import { ParsedPaper } from '../../../../src/core/papers/types';

// Made-up abstracts from unrelated fields; a few carry a title from their file (as BibTeX would).
const paper = (id: string, abstract: string, sourceTitle?: string, collection = 'field-notes'): ParsedPaper => ({
  id,
  abstract,
  sourceTitle,
  sources: [{ collection, line: 1 }],
});
const chunkA = [
  paper('a1', 'Sea otters wrap themselves in kelp before they sleep, so storms do not carry them away from the raft.'),
  paper(
    'a2',
    'Lichens on old gravestones grow a millimetre a year; we date the stones from lichen diameters.',
    'Lichen Clocks on Gravestones',
  ),
  paper('a3', 'Tide pools warm quickly at low tide, and the anemones in them close to keep water in.'),
];
const chunkB = [
  paper(
    'b1',
    'Otters otters otters: a census of river otters from camera traps along three rivers.',
    undefined,
    'river-survey',
  ),
  paper(
    'b2',
    'Glacier meltwater carries ancient pollen downstream — naïve models miss it — mixing centuries of spring in one sample (Zürich, 氷河).',
  ),
];
const chunkC = [
  paper(
    'c1',
    'Honeybee foragers count the flowers of a patch before they recruit nestmates to it, and sea otters do not.',
  ),
];

function searchOver(...chunks: ParsedPaper[][]): PartialSearch {
  const search = new PartialSearch(chunks.reduce((n, c) => n + c.length, 0) + 10);
  for (const c of chunks) search.add(buildSearchChunk(c));
  return search;
}

describe('PartialSearch', () => {
  test('merges the hits of every chunk, best score first', () => {
    const search = searchOver(chunkA, chunkB, chunkC);
    const { hits, refused } = search.search('otters');
    assert.deepEqual(refused, []);
    assert.deepEqual(hits.map((h) => h.id).sort(), ['a1', 'b1', 'c1']);
    for (let i = 1; i < hits.length; i++)
      assert.ok(hits[i - 1].score >= hits[i].score, `hit ${i} is not after a better one`);
    // each hit keeps the score its chunk gave it: the merge orders, it does not rescore
    const alone = new PaperSearch(
      chunkB.map((p) => ({
        id: p.id,
        title: '',
        method: null,
        keywords: [],
        abstract: p.abstract,
        themeId: '',
        themeLabel: '',
        collections: ['river-survey'],
      })),
    );
    assert.equal(hits.find((h) => h.id === 'b1')!.score, alone.search('otters')[0].score);
    assert.equal(hits[0].id, 'b1', 'the abstract that is mostly the word ranks first');
  });

  test('keeps at most `limit` hits over all chunks, the best ones', () => {
    const search = searchOver(chunkA, chunkB, chunkC);
    const all = search.search('otters').hits;
    assert.deepEqual(
      search.search('otters', { limit: 2 }).hits.map((h) => h.id),
      all.slice(0, 2).map((h) => h.id),
    );
  });

  test('counts the papers indexed so far out of the corpus', () => {
    const search = new PartialSearch(120);
    assert.equal(search.indexed, 0);
    search.add(buildSearchChunk(chunkA));
    search.add(buildSearchChunk(chunkB));
    assert.equal(search.indexed, 5);
    assert.equal(search.total, 120);
    assert.equal(search.chunkCount, 2);
  });

  test('snippets come from the abstract, with the matched words highlighted', () => {
    const hit = searchOver(chunkA, chunkB).search('pollen').hits[0];
    assert.equal(hit.id, 'b2');
    assert.equal(hit.snippet?.field, 'abstract');
    const [start, end] = hit.snippet!.highlights[0];
    assert.equal(hit.snippet!.text.slice(start, end), 'pollen');
  });

  test('theme: filters are refused (no themes yet) with no hits; collection: filters work', () => {
    const search = searchOver(chunkA, chunkB);
    assert.deepEqual(search.search('theme:marine otters'), { hits: [], refused: ['theme'] });
    assert.deepEqual(search.search('-theme:"ice" pollen').refused, ['theme']);
    assert.deepEqual(
      search.search('collection:river otters').hits.map((h) => h.id),
      ['b1'],
    );
    assert.deepEqual(
      search.search('-collection:river otters').hits.map((h) => h.id),
      ['a1'],
    );
  });

  test('a filter-only query lists the chunks in order', () => {
    const search = searchOver(chunkA, chunkB, chunkC);
    const ids = search.search('collection:field').hits.map((h) => h.id);
    assert.deepEqual(ids.slice(0, 3).sort(), ['a1', 'a2', 'a3']);
    assert.deepEqual(ids.slice(3).sort(), ['b2', 'c1']);
  });

  test('empty chunks and no chunks: nothing found, nothing thrown', () => {
    const search = new PartialSearch(7);
    assert.deepEqual(search.search('otters'), { hits: [], refused: [] });
    assert.deepEqual(search.search(''), { hits: [], refused: [] });
    search.add(buildSearchChunk([]));
    assert.equal(search.indexed, 0);
    assert.equal(search.chunkCount, 0);
    search.add(buildSearchChunk(chunkC));
    assert.deepEqual(
      search.search('honeybee').hits.map((h) => h.id),
      ['c1'],
    );
    assert.equal(search.get('c1')?.abstract, chunkC[0].abstract);
    assert.equal(search.get('zz'), undefined);
  });

  test('a chunk moved to another thread (its typed arrays transferred) searches the same', () => {
    const chunk = buildSearchChunk([...chunkA, ...chunkB]);
    const here = new PartialSearch(5);
    here.add(buildSearchChunk([...chunkA, ...chunkB]));
    const buffers = chunkBuffers(chunk);
    assert.ok(buffers.length >= 7, 'abstracts, their ends, alive, title order and the postings arrays');
    const moved = structuredClone(chunk, { transfer: buffers });
    assert.equal(chunk.index.segments[0].docs.length, 0, 'the sender no longer holds the postings');
    assert.equal(chunk.text.length, 0, 'nor the abstracts');
    const there = new PartialSearch(5);
    there.add(moved);
    for (const q of ['otters', 'glacier mel', 'lichen', 'tide pool'])
      assert.deepEqual(there.search(q), here.search(q), q);
    assert.deepEqual(
      chunkA.concat(chunkB).map((p) => there.get(p.id)?.abstract),
      chunkA.concat(chunkB).map((p) => p.abstract),
      'every abstract back as written',
    );
  });
});

describe('titleBeforeAnalysis', () => {
  test('a title before the analysis is the source title, else the first words of the abstract cut at a word', () => {
    const search = searchOver(chunkA, chunkB);
    assert.equal(search.search('gravestones').hits[0].title, 'Lichen Clocks on Gravestones');
    const long = search.search('kelp').hits[0].title;
    assert.ok(long.endsWith('…'), long);
    assert.ok(chunkA[0].abstract.startsWith(long.slice(0, -1)), long);
    assert.ok(long.length <= 65, `${long.length} characters`);
    assert.match(chunkA[0].abstract.slice(long.length - 1), /^[\s,.]/, 'cut between words');
    assert.equal(titleBeforeAnalysis('Short and whole.'), 'Short and whole.');
    assert.equal(titleBeforeAnalysis('  Spaces\n and   breaks  '), 'Spaces and breaks');
    assert.equal(
      titleBeforeAnalysis('\\textbf{Scalpel} for Schr\\"odinger'),
      'Scalpel for Schrödinger',
      'LaTeX decoded',
    );
    assert.equal(titleBeforeAnalysis('A body', '  '), 'A body', 'a blank source title is no title');
    const oneWord = titleBeforeAnalysis('x'.repeat(200));
    assert.equal(oneWord, `${'x'.repeat(64)}…`, 'a word longer than the title is cut');
  });
});
