import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { analyzeCorpus } from '../../../../src/core/analysis/analyze';
import { loadCorpus } from '../../../../src/core/collections/corpus';
import { nodeFileSource } from '../../../../src/node/files/nodeFileSource';
import { repoRoot } from '../../../helpers/repoRoot';

const root = repoRoot();
const seeds = readdirSync(join(root, 'seeds'))
  .sort()
  .map((f) => join(root, 'seeds', f));

describe('analyzeCorpus on the seeds', () => {
  test('the seeds analyze to 340 papers, 20 in two collections, each with a title and a theme', async () => {
    const started = performance.now();
    const a = analyzeCorpus(await loadCorpus(seeds, nodeFileSource));
    const ms = performance.now() - started;
    console.log(
      `analyze of the seeds: ${ms.toFixed(0)} ms (${Object.entries(a.timings)
        .map(([k, v]) => `${k} ${v.toFixed(0)}`)
        .join(', ')})`,
    );
    assert.equal(a.papers.length, 340);
    assert.equal(a.papers.filter((p) => p.collections.length === 2).length, 20);
    assert.deepEqual(a.problems, []);
    assert.ok(a.themes.length >= 10 && a.themes.length <= 20, `${a.themes.length} themes`);
    assert.equal(new Set(a.themes.map((t) => t.label.toLowerCase())).size, a.themes.length, 'labels are distinct');
    const themeOf = new Map<string, number>();
    for (const t of a.themes) for (const id of t.paperIds) themeOf.set(id, (themeOf.get(id) ?? 0) + 1);
    assert.ok(a.papers.every((p) => themeOf.get(p.id) === 1 && p.title.trim() !== '' && p.theme !== ''));
    assert.ok(
      a.papers.every((p) => a.related.relatedTo(p.id, 3).length === 3 && !a.related.relatedTo(p.id, 3).includes(p.id)),
    );
  });
});
