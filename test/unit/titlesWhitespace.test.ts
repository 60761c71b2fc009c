import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { hasOddWhitespace, isSpace } from '../../src/core/titles/abstractDoc';
import { deriveTitle } from '../../src/core/titles';

// what the title reader's whitespace scan stands in for: the regular expression it skips when nothing matches
const ODD_WHITESPACE = /\s{2,}|[^\S ]/;

test('isSpace agrees with \\s on every UTF-16 code unit', () => {
  for (let c = 0; c <= 0xffff; c++) assert.equal(isSpace(c), /\s/.test(String.fromCharCode(c)), `code unit ${c.toString(16)}`);
});

test('the whitespace scan finds odd whitespace exactly where the regular expression does', () => {
  const unit = fc.constantFrom('a', 'Z', '-', '.', ' ', ' ', '\t', '\n', '\r', '\u00a0', '\u2009', '\u3000', '\ufeff', '\u0085', '\u200b', 'é');
  fc.assert(
    fc.property(fc.string({ unit, maxLength: 40 }), (s) => {
      assert.equal(hasOddWhitespace(s), ODD_WHITESPACE.test(s));
    }),
    { numRuns: 2000 },
  );
});

test('an abstract with odd spacing reads as the same abstract single-spaced', () => {
  const spaced = 'We  introduce\u00a0FlowNav,\ta  navigation policy trained with\nflow matching. FlowNav  reaches unseen goals.';
  const plain = 'We introduce FlowNav, a navigation policy trained with flow matching. FlowNav reaches unseen goals.';
  assert.equal(hasOddWhitespace(plain), false);
  assert.equal(hasOddWhitespace(spaced), true);
  assert.deepEqual(deriveTitle(spaced), deriveTitle(plain));
  assert.equal(deriveTitle(plain).method, 'FlowNav');
});
