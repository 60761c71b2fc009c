import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { claimFrom, claimTitles, mergeTitles } from '../../../../src/core/analysis/textFeatures';
import { deriveTitle } from '../../../../src/core/titles';
import { madeUpAbstracts } from '../../../helpers/madeUpCorpus';

describe('claimTitles and mergeTitles', () => {
  const abstracts = madeUpAbstracts().slice(0, 23);
  const whole = abstracts.map((a) => deriveTitle(a));

  test('a claimant that comes first takes every chunk; the other finds none left; the chunks merge into every title', () => {
    const counter = new Int32Array(new SharedArrayBuffer(4));
    const claim = claimFrom(counter);
    const first = claimTitles(abstracts, claim, 5);
    const second = claimTitles(abstracts, claim, 5);
    assert.deepEqual(second, [], 'every chunk was claimed by the first');
    assert.deepEqual(
      first.map((c) => c.start),
      [0, 5, 10, 15, 20],
    );
    assert.deepEqual(mergeTitles(abstracts, [...second, ...first], 5), whole);
  });

  test('chunks split between claimants, in any order, give the same titles', () => {
    const counter = new Int32Array(new SharedArrayBuffer(4));
    const claim = claimFrom(counter);
    const mine = claimTitles(abstracts.slice(0, 0), claim, 5); // claims chunk 0 and finds it past the end
    assert.deepEqual(mine, []);
    const rest = claimTitles(abstracts, claim, 5);
    assert.deepEqual(
      rest.map((c) => c.start),
      [5, 10, 15, 20],
    );
    // chunk 0 was claimed by a thread that gave nothing back (a failed worker): computed by the merge
    assert.deepEqual(mergeTitles(abstracts, rest.reverse(), 5), whole);
  });
});
