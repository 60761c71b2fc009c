import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { makeDoc } from '../../../../src/core/titles/abstractDoc';
import { scoredCandidates } from '../../../../src/core/titles/pickMethod';

/** The candidates the ranker weighs, by name, with how a plain-word name was written. */
function written(text: string): Map<string, string | undefined> {
  return new Map(scoredCandidates(makeDoc(text), true).map((s) => [s.cand.name, s.cand.written]));
}

describe('names written as plain words, for the ranker', () => {
  test('the one-word spelling of an acronym is a candidate beside the acronym', () => {
    const c = written(
      'We introduce Mixture-of-Recursions (MoR), a unified framework for adaptive depth. MoR lowers the cost.',
    );
    assert.ok(c.has('MoR'));
    assert.equal(c.get('Mixture-of-Recursions'), 'the spelling of its acronym');
  });

  test('a capitalized word before a class noun, the first of a capitalized run only', () => {
    const c = written(
      'To close this gap, we build the Phoenix framework for robot correction. ' +
        'This paper also introduces the Opus Prompt Intention Framework for workflow generation.',
    );
    assert.equal(c.get('Phoenix'), 'a capitalized word before a class noun');
    assert.equal(c.get('Opus'), 'a capitalized word before a class noun');
    assert.ok(!c.has('Prompt') && !c.has('Intention'));
  });

  test('a capitalized word the abstract says is a dataset, model or framework', () => {
    const c = written('Through this exploration, we uncover Khana, a new benchmark dataset for food images.');
    assert.equal(c.get('Khana'), 'a capitalized word with an appositive');
  });

  test("not a sentence's first word, sentence glue, or a capitalized word said of nothing", () => {
    const c = written(
      'Gaussian splatting is fast. However, the Transformer blocks are slow, and we study them in English.',
    );
    assert.ok(!c.has('Gaussian') && !c.has('However') && !c.has('English') && !c.has('Transformer'));
  });

  test('a capitalized word before a class noun only where the paper introduces something', () => {
    assert.ok(!written('We study the Dirac operator on compact manifolds with boundary.').has('Dirac'));
    assert.equal(
      written('We propose the Dirac framework for compact manifolds.').get('Dirac'),
      'a capitalized word before a class noun',
    );
  });
});
