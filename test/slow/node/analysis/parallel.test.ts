import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
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
