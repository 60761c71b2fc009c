// parseCslJson on a file too large for the unit suite's milliseconds.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { parseCslJson } from '../../../../../src/core/collections/formats/cslJson';

describe('parseCslJson at scale', () => {
  test('200,000 items glued to a broken first item are scanned again one by one, without spreading them into a call', () => {
    const n = 200_000;
    const text = `[\n{"title": "cut",\n${Array.from({ length: n }, (_, i) => `{"title": "t${i}"}`).join(',\n')}\n]`;
    const r = parseCslJson(text, 'glued.json');
    assert.equal(r.papers.length, n);
    assert.match(r.problems[0].message, /^item 1 is not valid JSON/);
  });
});
