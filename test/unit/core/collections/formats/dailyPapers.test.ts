import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseDailyPapers, tidyAbstract } from '../../../../../src/core/collections/formats/dailyPapers';
import { parseCollectionBytes, mergeCollections } from '../../../../../src/core/collections/corpus';
import fc from 'fast-check';
import { normalizeForId, paperId } from '../../../../../src/core/papers/ids';

const enc = (s: string) => new TextEncoder().encode(s);

test('parses header and one abstract per non-empty line, tolerating CRLF, BOM and trailing spaces', () => {
  const text = '\uFEFFDaily Papers  \r\n\r\nFirst abstract about robots.   \r\n\r\nSecond abstract about diffusion.\r\n';
  const r = parseDailyPapers(text, 'a.txt');
  assert.deepEqual(r.papers.map((p) => p.abstract), ['First abstract about robots.', 'Second abstract about diffusion.']);
  assert.deepEqual(r.papers.map((p) => p.sources[0].line), [3, 5]);
  assert.deepEqual(r.problems, []);
});

test('ids are stable across whitespace, case and file order, and differ between abstracts', () => {
  assert.equal(paperId('We  propose X.\t'), paperId('we propose x.'));
  assert.notEqual(paperId('We propose X.'), paperId('We propose Y.'));
  assert.match(paperId('anything'), /^[0-9a-f]{12}$/);
});

test('identity normalization collapses every kind of white-space run, single-spaced text or not (property)', () => {
  const pieces = ['a', 'B', 'é', 'ﬁ', ' ', '  ', '\t', '\n', '\u00a0', '\u2003', '\u3000', 'x y', '.'];
  fc.assert(
    fc.property(fc.array(fc.constantFrom(...pieces), { maxLength: 30 }), (parts) => {
      const text = parts.join('');
      assert.equal(normalizeForId(text), text.normalize('NFKC').toLowerCase().replace(/\s+/gu, ' ').trim());
    }),
    { numRuns: 2000 },
  );
});

test('the same abstract in two files is one paper listed in both collections', () => {
  const a = parseCollectionBytes(enc('Daily Papers\nShared abstract.\nOnly in A.\n'), 'dir/a.txt');
  const b = parseCollectionBytes(enc('Daily Papers\nOnly in B.\nShared   abstract.\n'), 'dir/b.txt');
  const corpus = mergeCollections([{ path: 'dir/a.txt', result: a }, { path: 'dir/b.txt', result: b }]);
  assert.equal(corpus.papers.length, 3);
  const shared = corpus.papers.find((p) => p.abstract === 'Shared abstract.')!;
  assert.deepEqual(shared.sources.map((s) => [s.collection, s.line]), [['a', 2], ['b', 3]]);
  assert.deepEqual(corpus.collections.map((c) => [c.name, c.paperIds.length]), [['a', 2], ['b', 2]]);
});

test('bad input names the file and the line, and other files still load', () => {
  const empty = parseCollectionBytes(enc(''), 'empty.txt');
  assert.equal(empty.papers.length, 0);
  assert.match(empty.problems[0].message, /empty/);
  const noHeader = parseCollectionBytes(enc('\n\nSome abstract\n'), 'nohead.txt');
  assert.equal(noHeader.problems[0].line, 3);
  assert.match(noHeader.problems[0].message, /expected the header "Daily Papers"/);
  const binary = parseCollectionBytes(new Uint8Array([0x44, 0x61, 0x0a, 0x00, 0x01, 0x02]), 'bin.txt');
  assert.equal(binary.problems[0].line, 2);
  assert.match(binary.problems[0].message, /binary/);
  const huge = parseCollectionBytes(enc(`Daily Papers\nok one.\n${'x'.repeat(10 * 1024 * 1024)}\nok two.\n`), 'huge.txt');
  assert.deepEqual(huge.papers.map((p) => p.abstract), ['ok one.', 'ok two.']);
  assert.equal(huge.problems[0].line, 3);
  const good = parseCollectionBytes(enc('Daily Papers\nfine.\n'), 'good.txt');
  const corpus = mergeCollections([
    { path: 'empty.txt', result: empty }, { path: 'bin.txt', result: binary }, { path: 'good.txt', result: good },
  ]);
  assert.equal(corpus.papers.length, 1);
  assert.equal(corpus.problems.length, 2);
});

test('invalid UTF-8 is read as Latin-1 with a problem naming the line', () => {
  const bytes = new Uint8Array([...enc('Daily Papers\nCaf'), 0xe9, ...enc(' abstract.\n')]);
  const r = parseCollectionBytes(bytes, 'latin.txt');
  assert.equal(r.papers[0].abstract, 'Café abstract.');
  assert.equal(r.problems[0].line, 2);
});

test('tidies leaked LaTeX and a stray Abstract heading', () => {
  assert.equal(tidyAbstract('Abstract Language Models win by 10\\% \\& more.'), 'Language Models win by 10% & more.');
  assert.equal(tidyAbstract('See \\href{https://x.y}{the site} now'), 'See the site now');
  assert.equal(tidyAbstract('Abstraction is good.'), 'Abstraction is good.');
});
