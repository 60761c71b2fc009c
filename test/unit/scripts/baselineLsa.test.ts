import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { lsaRows, tfidfRows } from '../../../scripts/lib/baselineLsa';

const close = (a: number, b: number, eps = 1e-9) => Math.abs(a - b) < eps;

describe('tfidfRows', () => {
  test('sublinear tf times smoothed idf, rows of length 1, words of one text dropped', () => {
    const texts = ['graph graph graph kernel', 'graph sampler', 'kernel sampler unique'];
    const m = tfidfRows(texts);
    assert.equal(m.width, 3, 'graph, kernel, sampler: "unique" is in one text only');
    const idf = (df: number) => Math.log((1 + texts.length) / (1 + df)) + 1;
    // text 0: graph (count 3, df 2), kernel (count 1, df 2); columns in word order: graph 0, kernel 1, sampler 2
    const raw = [(1 + Math.log(3)) * idf(2), 1 * idf(2)];
    const norm = Math.hypot(...raw);
    assert.deepEqual(Array.from(m.cols[0]), [0, 1]);
    assert.ok(close(m.vals[0][0], raw[0] / norm) && close(m.vals[0][1], raw[1] / norm));
    for (const v of m.vals) assert.ok(close(Math.hypot(...v), 1));
  });
});

describe('lsaRows', () => {
  test('unit rows, texts of one topic closer than texts of two', () => {
    const topicA = ['protein folding structure', 'protein structure prediction', 'folding structure energy'];
    const topicB = ['galaxy cluster redshift', 'galaxy redshift survey', 'cluster survey telescope'];
    const texts = [...topicA, ...topicB, ...topicA, ...topicB];
    const { rows, dims } = lsaRows(tfidfRows(texts), 2);
    assert.equal(dims, 2);
    const row = (i: number) => rows.subarray(i * dims, i * dims + dims);
    const cos = (i: number, j: number) => row(i).reduce((s, x, t) => s + x * row(j)[t], 0);
    for (let i = 0; i < texts.length; i++) assert.ok(close(Math.hypot(...row(i)), 1, 1e-9));
    assert.ok(cos(0, 1) > cos(0, 3) && cos(3, 4) > cos(1, 4));
  });
});
