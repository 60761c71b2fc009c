import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { Analysis, analyzeCorpus, growAnalysis } from '../../../../src/core/analysis';
import { Corpus, mergeCollections, parseCollectionBytes } from '../../../../src/core/collections/corpus';
import { FeaturesThread } from '../../../../src/node/analysis/featuresThread';
import { growInParallel } from '../../../../src/node/analysis/parallel';
import { textFeatures } from '../../../../src/core/analysis';
import { madeUpTwoLevelLibrary } from '../../../helpers/madeUpCorpus';
import { repoRoot } from '../../../helpers/repoRoot';

// the per-file build puts the worker next to its imports (out/src/node/analysis)
const workerPath = join(repoRoot(), 'out', 'src', 'node', 'analysis', 'textFeaturesWorker.js');

const papers = madeUpTwoLevelLibrary(4, 1, 120).map((p) => p.text);
const corpusOf = (lines: string[]): Corpus =>
  mergeCollections([
    {
      path: 'day.txt',
      result: parseCollectionBytes(new TextEncoder().encode(`Daily Papers\n${lines.join('\n')}\n`), 'day.txt'),
    },
  ]);
const visible = (a: Analysis) => a.papers.map((p) => [p.id, p.title, p.method, p.keywords, p.theme]);

describe('FeaturesThread', () => {
  test('one thread answers list after list with what textFeatures gives on this thread', async () => {
    const thread = new FeaturesThread(workerPath);
    try {
      for (const list of [papers.slice(0, 60), papers.slice(60, 200), papers.slice(200, 210)])
        assert.deepEqual((await thread.compute(list)).titles, textFeatures(list).titles);
      const [a, b] = await Promise.all([thread.compute(papers.slice(0, 5)), thread.compute(papers.slice(5, 9))]);
      assert.equal(a.titles.length, 5);
      assert.equal(b.titles.length, 4);
    } finally {
      thread.dispose();
    }
  });

  test('growInParallel gives the growth growAnalysis gives, and falls back to this thread when the thread fails', async () => {
    const library = papers.filter((_, i) => i % 4 !== 0);
    const all = corpusOf([...library, ...papers.filter((_, i) => i % 4 === 0)]);
    const expected = growAnalysis(analyzeCorpus(corpusOf(library)), all).analysis;
    const thread = new FeaturesThread(workerPath);
    const broken = new FeaturesThread(join(repoRoot(), 'no-such-worker.js'));
    try {
      const grown = await growInParallel(analyzeCorpus(corpusOf(library)), all, thread);
      assert.deepEqual(visible(grown.analysis), visible(expected));
      const fallback = await growInParallel(analyzeCorpus(corpusOf(library)), all, broken);
      assert.deepEqual(visible(fallback.analysis), visible(expected));
    } finally {
      thread.dispose();
      broken.dispose();
    }
  });
});
