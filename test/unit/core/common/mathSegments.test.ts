import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { MAX_MATH_CHARS, mathSegments } from '../../../../src/core/common/mathSegments';

/** The segments as `[source, tex, display]`, for short assertions. */
const seen = (text: string) => mathSegments(text).map((s) => [text.slice(s.start, s.end), s.tex, s.display]);

describe('mathSegments', () => {
  test('inline $…$ and \\(…\\), displayed $$…$$ and \\[…\\]', () => {
    assert.deepEqual(seen('We bound $x^2$ by \\(\\mathcal{O}(n)\\) and show $$\\sum_i a_i = 1$$ then \\[ y \\].'), [
      ['$x^2$', 'x^2', false],
      ['\\(\\mathcal{O}(n)\\)', '\\mathcal{O}(n)', false],
      ['$$\\sum_i a_i = 1$$', '\\sum_i a_i = 1', true],
      ['\\[ y \\]', ' y ', true],
    ]);
  });

  test('prices, escaped dollars and unclosed delimiters are text', () => {
    assert.deepEqual(seen('It costs $5 and $10 a month.'), []);
    assert.deepEqual(seen('A \\$5 fee, then $ x$ and $y $.'), []);
    assert.deepEqual(seen('Unclosed $x and \\( y and $$ z'), []);
    assert.deepEqual(seen('Empty $$ $$ and $ $.'), []);
  });

  test('math does not cross a blank line, and an escaped dollar inside math stays inside', () => {
    assert.deepEqual(seen('First $a\n\n b$ second'), []);
    assert.deepEqual(seen('One line $a\nb$ break'), [['$a\nb$', 'a\nb', false]]);
    assert.deepEqual(seen('Price $\\$5 + x$ here'), [['$\\$5 + x$', '\\$5 + x', false]]);
  });

  test('a closing $ followed by a digit is not one; the next one is', () => {
    assert.deepEqual(seen('$a$1 and $b$'), [['$a$1 and $b$', 'a$1 and $b', false]]);
    assert.deepEqual(seen('take $n$ samples of $2^n$ size'), [
      ['$n$', 'n', false],
      ['$2^n$', '2^n', false],
    ]);
  });

  test('a $ opened too far from its partner is text', () => {
    const far = `$x${' y'.repeat(MAX_MATH_CHARS)}$`;
    assert.deepEqual(seen(far), []);
  });

  test('segments are in order, do not overlap, and their source starts and ends with a delimiter', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom('$', '\\', '(', ')', '[', ']', 'x', ' ', '\n', '5') }), (text) => {
        let last = 0;
        for (const s of mathSegments(text)) {
          assert.ok(s.start >= last && s.end > s.start && s.end <= text.length);
          const source = text.slice(s.start, s.end);
          assert.ok(/^(\$|\\\(|\\\[)/.test(source) && /(\$|\\\)|\\\])$/.test(source), source);
          assert.ok(source.includes(s.tex));
          last = s.end;
        }
      }),
    );
  });
});
