import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { PaperSearch, SearchDoc } from '../../../../src/core/search/paperSearch';
import { forEachWord } from '../../../../src/core/search/segment';

test('words split at spaces and punctuation, not at symbols', () => {
  const words: string[] = [];
  forEachWord('GPT-4o, “naïve” x+y $5 a_b\tend', (w) => words.push(w));
  assert.deepEqual(words, ['GPT', '4o', 'naïve', 'x+y', '$5', 'a', 'b', 'end']);
});

/** The word rule read one UTF-16 unit at a time: the reference the native match must agree with. */
function referenceWords(text: string): string[] {
  const separator = (c: number) => c <= 32 || /[\p{Z}\p{P}]/u.test(String.fromCharCode(c));
  const out: string[] = [];
  let word = '';
  for (let i = 0; i < text.length; i++) {
    if (separator(text.charCodeAt(i))) {
      if (word) out.push(word);
      word = '';
    } else word += text[i];
  }
  if (word) out.push(word);
  return out;
}

test('words are the runs of non-separator units, also around astral and lone surrogate characters (property)', () => {
  const pieces = ['a', 'Z', '7', ' ', '.', '-', "'", '’', '\\', 'é', '٣', '𝒳', '😀', '—', '(', '\u{10100}', '\u00a0', '+', '$', '\t', '_', '\ud800', '\udc00', '\u2028', '\ufeff', '\u0085', '\u3000'];
  fc.assert(
    fc.property(fc.array(fc.constantFrom(...pieces), { maxLength: 30 }), (parts) => {
      const text = parts.join('');
      const words: string[] = [];
      forEachWord(text, (w) => words.push(w));
      assert.deepEqual(words, referenceWords(text));
    }),
    { numRuns: 3000 },
  );
});

// Made-up papers: a few words each, so that which paper matches is easy to see.
const doc = (id: string, title: string, abstract: string, extra: Partial<SearchDoc> = {}): SearchDoc => ({
  id, title, method: null, keywords: [], abstract, themeId: 't', themeLabel: 'All', collections: ['c'], ...extra,
});
const corpus = [
  doc('p1', 'Ocean tides and moons', 'Tidal heating of icy moons warms their oceans.'),
  doc('p2', 'Élan of bees', 'Honeybees count flowers before they forage.'),
  doc('p3', 'Glaciers retreat', 'Satellite radar shows glaciers retreating in the Andes.'),
  doc('p4', 'Coral recovery', 'Herbivorous fish help coral recover after bleaching.'),
];

test('updates (notes, tags) stay searchable through many updates, merges and a restore; replaced text is gone', () => {
  const s = new PaperSearch(corpus);
  const animals = ['walrus', 'pelican', 'giraffe'];
  for (const animal of animals) {
    for (const d of corpus) s.update({ ...d, notes: `${animal} about ${d.id}`, tags: [`tag-${animal}`] });
  }
  assert.equal(s.size, 4);
  for (const d of corpus) {
    assert.deepEqual(s.search(`giraffe ${d.id}`).map((h) => h.id), [d.id], 'the latest note finds its paper');
    assert.deepEqual(s.search(`pelican`), [], "a replaced note is no longer found");
  }
  assert.deepEqual(s.search('glaciers').map((h) => h.id), ['p3'], 'each paper once, however often updated');
  const restored = PaperSearch.restore(s.serialize(), corpus.map((d) => ({ ...d, notes: `giraffe about ${d.id}`, tags: ['tag-giraffe'] })));
  for (const q of ['giraffe p3', 'tag giraffe', 'glaciers', 'moons', 'honeybe']) assert.deepEqual(restored.search(q).map((h) => h.id), s.search(q).map((h) => h.id), q);
});

test('a restore of something that is not an index (an old cache) rebuilds the index from the papers', () => {
  const s = PaperSearch.restore('{"old":"minisearch json"}', corpus);
  assert.deepEqual(s.search('coral').map((h) => h.id), ['p4']);
});

test('a prefix with very many completions still finds the papers of its most frequent ones', () => {
  const many = Array.from({ length: 80 }, (_, i) => doc(`r${i}`, `Rare ${i}`, `zq${i.toString(36)}x appears once here.`));
  const common = Array.from({ length: 5 }, (_, i) => doc(`c${i}`, `Common ${i}`, 'zqcommon appears in several papers.'));
  const s = new PaperSearch([...many, ...common]);
  const hits = s.search('zq', { limit: 100 }).map((h) => h.id);
  for (const c of common) assert.ok(hits.includes(c.id), c.id);
  assert.deepEqual(s.search('zq1fx').map((h) => h.id), ['r51'], 'the whole word still finds a rare one');
});

test('filter-only results come by title, accents and case aside', () => {
  const s = new PaperSearch(corpus);
  assert.deepEqual(s.search('theme:all').map((h) => h.id), ['p4', 'p2', 'p3', 'p1']);
  s.update(doc('p5', 'aardvarks', 'Aardvarks dig.'));
  assert.equal(s.search('theme:all')[0].id, 'p5', 'a new paper takes its place in the order');
});
