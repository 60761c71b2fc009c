import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { normalizeForId, paperId, paperText, titleId } from '../../../../src/core/papers/ids';
import { paperKey, resolvePaperKey } from '../../../../src/core/papers/paperKey';

describe('paperId', () => {
  test('ids are stable across whitespace, case and file order, and differ between abstracts', () => {
    assert.equal(paperId('We  propose X.\t'), paperId('we propose x.'));
    assert.notEqual(paperId('We propose X.'), paperId('We propose Y.'));
    assert.match(paperId('anything'), /^[0-9a-f]{12}$/);
  });
});

describe('normalizeForId', () => {
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
});

describe('titleId', () => {
  test('a title id is stable across white space and case, depends on the year, and is never an abstract id', () => {
    assert.equal(titleId('A  Book\tof Things', '2019'), titleId('a book of things', '2019'));
    assert.notEqual(titleId('A Book of Things', '2019'), titleId('A Book of Things', '2020'));
    assert.notEqual(titleId('A Book of Things'), titleId('A Book of Things', '2019'));
    assert.notEqual(titleId('A Book of Things'), titleId('Another Book'));
    // 16 hex digits against the abstract ids' 12: the two can never be equal, and keys still read the id part
    assert.match(titleId('A Book of Things'), /^[0-9a-f]{16}$/);
    assert.notEqual(titleId('A Book of Things'), paperId('A Book of Things'));
    const id = titleId('A Book of Things', '2019');
    const key = paperKey({ id, title: 'A Book of Things', method: null });
    assert.equal(key, `a-book-of-things-${id.slice(0, 7)}`);
    assert.equal(resolvePaperKey(key, [{ id: paperId('A Book of Things') }, { id }])?.id, id);
  });
});

describe('paperText', () => {
  test('a paper is analysed by its abstract, or by its title when it has none', () => {
    assert.equal(paperText({ abstract: 'We study X.', sourceTitle: 'X' }), 'We study X.');
    assert.equal(paperText({ abstract: '', sourceTitle: 'A Book of Things' }), 'A Book of Things');
    assert.equal(paperText({ abstract: '' }), '');
  });

  test('its LaTeX is decoded', () => {
    const abstract = 'We solve the Schr\\"odinger equation with \\textbf{Scalpel} in $\\mathcal{O}(n)$.';
    assert.equal(paperText({ abstract }), 'We solve the Schrödinger equation with Scalpel in O(n).');
    assert.equal(paperText({ abstract: '', sourceTitle: 'H\\"older continuity' }), 'Hölder continuity');
  });
});
