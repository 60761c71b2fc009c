import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { deriveTitle } from '../../../../src/core/titles';

// made-up abstracts whose titles come from the topic reader (no introduced name) and from a named method
const ABSTRACTS = [
  'Soil moisture sensing with cheap probes drifts over a season. We study drift correction for soil moisture probes in orchards and show that soil moisture estimates improve when probes are recalibrated monthly.',
  'Grading handwritten proofs is slow. We examine rubric alignment for handwritten proof grading across three courses; rubric alignment cuts grading time while graders agree more often.',
  'We introduce TideMesh, a mesh refinement scheme for coastal flooding models. TideMesh refines cells near shorelines and halves the cost of flood forecasts.',
];

describe('memoByWord (through deriveTitle)', () => {
  test('titles do not depend on what the word caches hold: the same abstracts read alike before and after the caches are flooded', () => {
    const before = ABSTRACTS.map((a) => deriveTitle(a));
    // more distinct words than any word cache keeps (they are dropped when large), some of them the abstracts' own words in other forms
    for (let k = 0; k < 30; k++) {
      const words = Array.from({ length: 1000 }, (_, i) => `zq${k}x${i}${i % 3 === 0 ? 's' : ''}`);
      deriveTitle(
        `Probes and rubrics for ${words.join(' ')} drift correction. We study ${words.slice(0, 50).join(' ')}.`,
      );
    }
    const after = ABSTRACTS.map((a) => deriveTitle(a));
    assert.deepEqual(after, before);
    assert.equal(before[2].method, 'TideMesh');
    assert.ok(before.every((r) => r.descriptor.length > 0 && r.title.length > 0));
  });
});
