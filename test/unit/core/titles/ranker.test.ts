import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { deriveTitle } from '../../../../src/core/titles';
import { makeDoc } from '../../../../src/core/titles/abstractDoc';
import { scoredCandidates } from '../../../../src/core/titles/pickMethod';
import { featureRows, rankCandidates, rankerScore } from '../../../../src/core/titles/ranker';
import { FEATURE_NAMES } from '../../../../src/core/titles/rankerFeatures';
import model from '../../../../src/core/titles/titleRanker.json';

const words = (title: string) => title.split(/\s+/).filter(Boolean).length;

describe('the learned title ranker', () => {
  test('the model file matches the features and is small', () => {
    assert.deepEqual(model.features, FEATURE_NAMES);
    assert.equal(model.weights.length, FEATURE_NAMES.length);
    assert.equal(model.hiddenBias.length, model.hidden.length);
    assert.equal(model.hiddenOut.length, model.hidden.length);
    for (const row of model.hidden) assert.equal(row.length, FEATURE_NAMES.length);
    assert.ok(JSON.stringify(model).length < 8000);
  });

  test('the score is the linear term plus the hidden units', () => {
    const m = { weights: [1, 2], hidden: [[1, -1]], hiddenBias: [0.5], hiddenOut: [3] };
    assert.equal(rankerScore(m, [2, 1]), 4 + 3 * Math.tanh(1.5));
    assert.equal(rankerScore({ ...m, hidden: [], hiddenBias: [], hiddenOut: [] }, [2, 1]), 4);
  });

  test('prefers the coined name the abstract introduces over the baselines it compares against', () => {
    const text =
      'Retrieval for long documents is slow. Prior rerankers such as MonoT5 and ColBERTv2 score every passage. ' +
      'We propose GlideRank, a lightweight reranker that skips passages early. GlideRank is four times faster ' +
      'than MonoT5 and matches ColBERTv2 on three benchmarks.';
    const doc = makeDoc(text);
    const scored = scoredCandidates(doc, true);
    assert.ok(
      scored.some((s) => s.cand.name === 'MonoT5'),
      'the baseline is among the candidates',
    );
    assert.equal(rankCandidates(doc, scored)?.name, 'GlideRank');
    assert.equal(deriveTitle(text).method, 'GlideRank');
  });

  test('takes no name from an abstract that only uses names', () => {
    const text =
      'We measure how PPO and GRPO behave on GSM8K with Llama-3-8B. PPO is more stable, while GRPO learns faster. ' +
      'We discuss when each should be preferred.';
    assert.equal(deriveTitle(text).method, null);
  });

  test('every candidate gets one value per feature, all finite', () => {
    const doc = makeDoc(
      'We introduce Cloud-Robust Moisture Estimation (CRME), which fuses radar and optical data. CRME lowers the error.',
    );
    const rows = featureRows(doc, scoredCandidates(doc, true));
    assert.ok(rows.length > 0);
    for (const r of rows) {
      assert.equal(r.length, FEATURE_NAMES.length);
      assert.ok(r.every(Number.isFinite));
    }
  });
});

describe('a title, not a fragment', () => {
  test('an abstract that introduces no name gets a title of three words or more, where the hand rules gave two', () => {
    const text = 'We study steady states. Steady states of galactic dynamics are stable under spherical symmetry.';
    const hand = deriveTitle(text, { rules: 'hand' });
    const r = deriveTitle(text);
    assert.equal(r.method, null);
    assert.ok(words(hand.title) <= 2, hand.title);
    assert.ok(words(r.title) >= 3, r.title);
    assert.match(r.title, /^Steady states/);
  });
});
