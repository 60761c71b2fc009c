import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { normalizeForId, paperId } from '../../../../src/core/papers/ids';

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
