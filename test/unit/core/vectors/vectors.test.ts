import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { parseDailyPapers } from '../../../../src/core/collections/formats/dailyPapers';
import { buildVectors, cosine, embedText, nearest, sparseCosine } from '../../../../src/core/vectors/vectors';
import { repoRoot } from '../../../helpers/repoRoot';

const root = repoRoot();
const seedsDir = join(root, 'seeds');

function loadSeeds(): { id: string; abstract: string }[] {
  const byId = new Map<string, string>();
  for (const f of readdirSync(seedsDir).filter((f) => f.endsWith('.txt')).sort()) {
    for (const p of parseDailyPapers(readFileSync(join(seedsDir, f), 'utf8'), f).papers) if (!byId.has(p.id)) byId.set(p.id, p.abstract);
  }
  return [...byId].map(([id, abstract]) => ({ id, abstract }));
}

/** A deterministic shuffle (seeded LCG). */
function shuffled<T>(xs: readonly T[], seed: number): T[] {
  const out = [...xs];
  let s = seed >>> 0;
  for (let i = out.length - 1; i > 0; i--) {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    const j = s % (i + 1);
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

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
    assert.ok(v.vocab.some((t) => t === 'offline rl'), 'two-word phrases are terms');
    assert.ok(v.vocab.every((t) => v.df[v.termIndex.get(t)!] >= 2 && v.df[v.termIndex.get(t)!] <= texts.length / 2));
    const self = nearest(v, embedText(v, texts[7]), 1);
    assert.equal(self[0].index, 7, 'a text embedded again finds itself');
    const order = shuffled(texts.map((_, i) => i), 3);
    const w = buildVectors(order.map((i) => texts[i]));
    order.forEach((orig, pos) => assert.deepEqual(w.lsa[pos], v.lsa[orig]));
  });
});
