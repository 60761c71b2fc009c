/**
 * The analysis worker (dist/analysisWorker.js, built by `npm run test:unit`) hands back a snapshot whose
 * typed arrays are moved across threads: what the extension restores must search like an analysis made here.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join, resolve } from 'node:path';
import { fromSnapshot } from '../../src/core/snapshot';
import { analyzeHere, analyzeInWorker } from '../../src/node/runAnalysis';

const WORKER = join(resolve(__dirname, '..', '..', '..'), 'dist', 'analysisWorker.js');
// Made-up abstracts from unrelated fields.
const text = `Daily Papers\n\n${[
  'Glacier retreat in the Andes doubled after 2000, satellite radar shows.',
  'Honeybee foragers count flowers before they choose a feeder.',
  'Tidal heating warms the oceans under the ice of small moons.',
  'Coral reefs recover from bleaching faster where herbivorous fish graze.',
  'Soil fungi tolerate drought better than soil bacteria along a rainfall gradient.',
].join('\n\n')}\n`;

test('a snapshot from the worker restores to the same search, related papers and themes', async () => {
  const files = [{ path: 'made-up.txt', bytes: new TextEncoder().encode(text) }];
  const fromWorker = fromSnapshot(await analyzeInWorker(WORKER, files));
  const here = fromSnapshot(analyzeHere(files));
  assert.equal(fromWorker.papers.length, 5);
  for (const q of ['glacier', 'honeyb', 'coral reefs', 'drougth', 'theme:' + here.themes[0].label]) {
    assert.deepEqual(fromWorker.search.search(q).map((h) => h.id), here.search.search(q).map((h) => h.id), q);
  }
  assert.ok(fromWorker.search.search('glacier').length > 0);
  for (const p of here.papers) assert.deepEqual(fromWorker.related.relatedTo(p.id, 2), here.related.relatedTo(p.id, 2));
  assert.deepEqual(fromWorker.themes, here.themes);
});
