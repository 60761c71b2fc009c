import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { Analysis, analyzeCorpus } from '../../../../src/core/analysis/analyze';
import { mergeCollections, parseCollectionBytes } from '../../../../src/core/collections/corpus';
import { analyzeInParallel } from '../../../../src/node/analysis/parallel';
import { scratchDir } from '../../../helpers/scratchDir';
import { repoRoot } from '../../../helpers/repoRoot';

const root = repoRoot();
// the per-file build puts the worker next to its imports (out/src/node/analysis)
const workerPath = join(repoRoot(), 'out', 'src', 'node', 'analysis', 'textFeaturesWorker.js');

/** The made-up corpus of the theme tests as a Daily Papers file. */
function syntheticCorpus() {
  const papers = JSON.parse(readFileSync(join(root, 'test', 'fixtures', 'synthetic-themes.json'), 'utf8')) as {
    abstract: string;
  }[];
  const bytes = new TextEncoder().encode(`Daily Papers\n${papers.map((p) => p.abstract).join('\n')}\n`);
  return mergeCollections([{ path: 'synthetic.txt', result: parseCollectionBytes(bytes, 'synthetic.txt') }]);
}

/** What a user sees of an analysis: each paper's title, method, keywords and theme, the themes and a search. */
function visible(a: Analysis) {
  return {
    papers: a.papers.map((p) => [p.id, p.title, p.method, p.keywords, p.theme]),
    themes: a.themes.map((t) => [t.id, t.label, t.paperIds]),
    search: a.search.search('galaxy', { limit: 5 }).map((r) => r.id),
  };
}

describe('analyzeInParallel', () => {
  test('analyzeInParallel: titles and keywords from the worker thread give the same analysis as analyzeCorpus', async () => {
    const corpus = syntheticCorpus();
    const steps: string[] = [];
    const parallel = await analyzeInParallel(corpus, workerPath, {
      minPapers: 0,
      onProgress: (step) => steps.push(step),
    });
    assert.deepEqual(visible(parallel), visible(analyzeCorpus(corpus)));
    // the worker's own step times come back with the analysis
    assert.ok(parallel.timings.titles > 0 && parallel.timings.keywords > 0 && parallel.timings.themes > 0);
    assert.deepEqual(steps, ['vectors', 'themes', 'titles', 'index', 'done']);
  });

  test('analyzeInParallel: a worker script given by a path relative to the working folder runs on its thread', async () => {
    const corpus = syntheticCorpus();
    // a worker that answers with the real worker's features and a mark of its own
    const marking = join(scratchDir('papers-worker'), 'marking.js');
    writeFileSync(
      marking,
      `const { parentPort, workerData } = require('node:worker_threads');
const port = { postMessage: (m) => { m.timings.marked = 1; parentPort.postMessage(m); } };
require('node:worker_threads').parentPort = port;
require(${JSON.stringify(workerPath)});\n`,
    );
    // "scratch/marking.js", without the ./ that Worker asks of a relative path
    const cwd = process.cwd();
    process.chdir(dirname(dirname(marking)));
    let a: Analysis;
    try {
      a = await analyzeInParallel(corpus, join(basename(dirname(marking)), 'marking.js'), { minPapers: 0 });
    } finally {
      process.chdir(cwd);
    }
    assert.equal(a.timings.marked, 1, 'the features came from the worker, not from a fallback on this thread');
    assert.deepEqual(visible(a), visible(analyzeCorpus(corpus)));
  });

  test('analyzeInParallel: a missing or failing worker script still gives the analysis, computed on this thread', async () => {
    const corpus = syntheticCorpus();
    const expected = visible(analyzeCorpus(corpus));
    const missing = await analyzeInParallel(corpus, join(tmpdir(), 'no-such-dir', 'worker.js'), { minPapers: 0 });
    assert.deepEqual(visible(missing), expected);
    const failing = join(scratchDir('papers-worker'), 'failing.js');
    writeFileSync(failing, "throw new Error('broken worker');\n");
    assert.deepEqual(visible(await analyzeInParallel(corpus, failing, { minPapers: 0 })), expected);
  });
});
