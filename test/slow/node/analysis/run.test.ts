/**
 * The analysis worker (dist/analysisWorker.js, built by `npm run test:slow`), in a child process or on a worker
 * thread, hands back a snapshot: what the extension restores must search like an analysis made here.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PartialSearch } from '../../../../src/core/search/partial';
import { decodeSnapshot, fromSnapshot } from '../../../../src/core/snapshot/snapshot';
import { analyzeHere, analyzeInWorker, analyzeIntoFile } from '../../../../src/node/analysis/run';
import { scratchDir } from '../../../helpers/scratchDir';
import { repoRoot } from '../../../helpers/repoRoot';
import { madeUpRingOfTopics } from '../../../helpers/madeUpCorpus';

const WORKER = join(repoRoot(), 'dist', 'analysisWorker.js');
// Made-up abstracts from unrelated fields.
const text = `Daily Papers\n\n${[
  'Glacier retreat in the Andes doubled after 2000, satellite radar shows.',
  'Honeybee foragers count flowers before they choose a feeder.',
  'Tidal heating warms the oceans under the ice of small moons.',
  'Coral reefs recover from bleaching faster where herbivorous fish graze.',
  'Soil fungi tolerate drought better than soil bacteria along a rainfall gradient.',
].join('\n\n')}\n`;

describe('analyzeInWorker', () => {
  for (const transport of ['process', 'thread'] as const)
    test(`a snapshot from the worker (${transport}) restores to the same search, related papers and themes`, async () => {
      const files = [{ path: 'made-up.txt', bytes: new TextEncoder().encode(text) }];
      const fromWorker = fromSnapshot(await analyzeInWorker(WORKER, files, { transport }));
      const here = fromSnapshot(analyzeHere(files));
      assert.equal(fromWorker.papers.length, 5);
      for (const q of ['glacier', 'honeyb', 'coral reefs', 'drougth', 'theme:' + here.themes[0].label]) {
        assert.deepEqual(
          fromWorker.search.search(q).map((h) => h.id),
          here.search.search(q).map((h) => h.id),
          q,
        );
      }
      assert.ok(fromWorker.search.search('glacier').length > 0);
      for (const p of here.papers)
        assert.deepEqual(fromWorker.related.relatedTo(p.id, 2), here.related.relatedTo(p.id, 2));
      assert.deepEqual(fromWorker.themes, here.themes);
    });

  test('a worker that dies is reported with what it printed; an analysis error is named AnalysisError', async () => {
    const dir = scratchDir('papers-worker');
    const dying = join(dir, 'dying.js');
    writeFileSync(dying, "process.stderr.write('FATAL ERROR: out of memory (made up)\\n'); process.exit(134);\n");
    await assert.rejects(
      analyzeInWorker(dying, []),
      /analysis process ended \(exit code 134\): FATAL ERROR: out of memory/,
    );
    const refusing = join(dir, 'refusing.js');
    writeFileSync(
      refusing,
      "process.on('message', () => process.send({ type: 'error', message: 'cannot analyze' }));\n",
    );
    await assert.rejects(
      analyzeInWorker(refusing, []),
      (err: Error) => err.name === 'AnalysisError' && err.message === 'cannot analyze',
    );
  });

  test('asked for chunks, the worker posts every paper in searchable chunks before the analysis', async () => {
    const files = [{ path: 'made-up.txt', bytes: new TextEncoder().encode(text) }];
    const received: { ids: string[]; total: number }[] = [];
    const partial = new PartialSearch(5);
    let settled = false;
    const run = analyzeInWorker(WORKER, files, {
      chunks: { first: 2, size: 2, minPapers: 1 },
      onChunk: (chunk, total) => {
        assert.equal(settled, false, 'a chunk after the analysis');
        received.push({ ids: chunk.ids, total });
        partial.add(chunk);
      },
    });
    const snapshot = await run.finally(() => (settled = true));
    assert.deepEqual(
      received.map((c) => c.ids.length),
      [2, 2, 1],
    );
    assert.ok(received.every((c) => c.total === 5));
    assert.deepEqual(
      received.flatMap((c) => c.ids),
      snapshot.papers.map((p) => p.id),
      'every paper once, in corpus order',
    );
    const full = fromSnapshot(snapshot);
    for (const q of ['glacier', 'honeyb', 'coral reefs'])
      assert.deepEqual(
        partial.search(q).hits.map((h) => h.id),
        full.search.search(q).map((h) => h.id),
        q,
      );
  });

  test('from a child process the chunks arrive while the analysis runs, not held back until it ends', async () => {
    const abstracts = madeUpRingOfTopics(4000, 20).map((p) => p.abstract);
    const files = [
      { path: 'ring.txt', bytes: new TextEncoder().encode(`Daily Papers\n\n${abstracts.join('\n\n')}\n`) },
    ];
    const started = performance.now();
    let firstChunk: number | undefined;
    await analyzeInWorker(WORKER, files, {
      transport: 'process',
      chunks: { first: 1000, size: 1000, minPapers: 1 },
      onChunk: () => (firstChunk ??= performance.now() - started),
    });
    const done = performance.now() - started;
    assert.ok(firstChunk !== undefined, 'no chunk');
    // a chunk is far larger than the pipe's buffer: sent and left to the event loop, it would wait for the analysis
    assert.ok(firstChunk < done / 2, `the first chunk came after ${Math.round(firstChunk)} of ${Math.round(done)} ms`);
  });

  test("no chunks when not asked, or when the corpus is below the plan's minimum", async () => {
    const files = [{ path: 'made-up.txt', bytes: new TextEncoder().encode(text) }];
    let chunks = 0;
    await analyzeInWorker(WORKER, files, { onChunk: () => chunks++ });
    await analyzeInWorker(WORKER, files, { chunks: { first: 2, size: 2, minPapers: 6 }, onChunk: () => chunks++ });
    assert.equal(chunks, 0);
  });
});

describe('analyzeIntoFile', () => {
  test('asked to, the worker writes the encoded analysis to a file (the cache entry) and sends only its size', async () => {
    const files = [{ path: 'made-up.txt', bytes: new TextEncoder().encode(text) }];
    const file = join(scratchDir('papers-worker'), 'cache', 'entry.snapshot');
    const answer = await analyzeIntoFile(WORKER, files, file);
    assert.ok('written' in answer);
    assert.equal(answer.written, readFileSync(file).byteLength);
    assert.equal(existsSync(`${file}.partial`), false);
    const fromFile = fromSnapshot(decodeSnapshot(new Uint8Array(readFileSync(file))));
    const here = fromSnapshot(analyzeHere(files));
    assert.deepEqual(fromFile.papers, here.papers);
    assert.deepEqual(fromFile.themes, here.themes);
    for (const q of ['glacier', 'coral reefs', 'drougth'])
      assert.deepEqual(
        fromFile.search.search(q).map((h) => h.id),
        here.search.search(q).map((h) => h.id),
        q,
      );
  });

  test('a worker that cannot write the file sends the analysis instead, saying why', async () => {
    const files = [{ path: 'made-up.txt', bytes: new TextEncoder().encode(text) }];
    const blocker = join(scratchDir('papers-worker'), 'not-a-folder');
    writeFileSync(blocker, 'a file where the cache folder should be');
    const answer = await analyzeIntoFile(WORKER, files, join(blocker, 'entry.snapshot'));
    assert.ok('snapshot' in answer);
    assert.match(answer.whyNotWritten, /ENOTDIR|EEXIST/);
    assert.equal(answer.snapshot.papers.length, 5);
  });
});
