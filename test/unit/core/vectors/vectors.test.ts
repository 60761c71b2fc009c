import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { buildVectors, cosine, embedText, nearest, sparseCosine } from '../../../../src/core/vectors/vectors';
import { loadSeeds } from '../../../helpers/seedCorpus';
import { shuffled } from '../../../helpers/shuffled';

const seeds = loadSeeds();

describe('buildVectors, embedText and cosine', () => {
  test('vectors: TF-IDF rows and LSA rows are unit length, similar texts are close, order does not matter', () => {
    const texts = seeds.slice(0, 120).map((p) => p.abstract);
    const v = buildVectors(texts);
    assert.ok(v.dims >= 50 && v.dims <= 150, `${v.dims} dims`);
    for (let i = 0; i < texts.length; i++) {
      assert.ok(Math.abs(sparseCosine(v.tfidf, i, i) - 1) < 1e-5);
      assert.ok(Math.abs(cosine(v.lsa[i], v.lsa[i]) - 1) < 1e-5);
    }
    assert.ok(
      v.vocab.some((t) => t === 'offline rl'),
      'two-word phrases are terms',
    );
    assert.ok(v.vocab.every((t) => v.df[v.termIndex.get(t)!] >= 2 && v.df[v.termIndex.get(t)!] <= texts.length / 2));
    const self = nearest(v, embedText(v, texts[7]), 1);
    assert.equal(self[0].index, 7, 'a text embedded again finds itself');
    const order = shuffled(
      texts.map((_, i) => i),
      3,
    );
    const w = buildVectors(order.map((i) => texts[i]));
    order.forEach((orig, pos) => assert.deepEqual(w.lsa[pos], v.lsa[orig]));
  });
});
