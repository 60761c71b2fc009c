// parseCollectionBytes at scale, in every format: 100k tiny entries within a CPU-time bound; 200,000 problems a file.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { enc, FORMATS, parse } from '../../../helpers/collectionFormats';
import { MAX_PROBLEMS_PER_FILE, mergeCollections, parseCollectionBytes } from '../../../../src/core/collections';

describe('parseCollectionBytes at scale', () => {
  for (const f of FORMATS) {
    test(`${f.name}: 100k tiny entries parse in a few seconds`, () => {
      const many = Array.from({ length: 100_000 }, (_, i) => ({ key: `k${i}`, abstract: `Abstract ${i}.` }));
      const bytes = enc(f.write(many));
      const started = performance.now();
      const cpu = process.cpuUsage();
      const r = parse(f, bytes);
      const used = process.cpuUsage(cpu);
      const cpuMs = (used.user + used.system) / 1000;
      const ms = performance.now() - started;
      console.log(
        `${f.name}: 100k entries (${(bytes.length / 1e6).toFixed(1)} MB) in ${ms.toFixed(0)} ms (${cpuMs.toFixed(0)} ms of CPU)`,
      );
      assert.equal(r.papers.length, 100_000);
      assert.deepEqual(r.problems, []);
      // CPU time, not wall time: the bound holds on a busy machine too
      assert.ok(cpuMs < 10_000, `${cpuMs} ms of CPU`);
    });
  }
});

describe('problems at scale', () => {
  test('200,000 problems in one file of each format: the first 1,000 and a count; the good file beside it loads', () => {
    const n = 200_000;
    const bad: Record<string, string> = {
      'empty.jsonl': '{}\n'.repeat(n),
      'items.json': `[${Array(n).fill('{}').join(',')}]`,
      'misc.bib': '@misc{k,}\n'.repeat(n),
      'entries.xml': `<feed>${'<entry></entry>\n'.repeat(n)}</feed>`,
      'dump.txt': `Daily Papers\n${'x\n'.repeat(n)}`,
    };
    const files = Object.entries(bad).map(([path, text]) => ({ path, result: parseCollectionBytes(enc(text), path) }));
    const good = 'Daily Papers\nTide pools warm faster than the open sea in summer.\n';
    files.push({ path: 'good.txt', result: parseCollectionBytes(enc(good), 'good.txt') });
    const corpus = mergeCollections(files);
    assert.equal(corpus.papers.length, 2, 'the good paper, and the one "x" of the dump');
    for (const path of Object.keys(bad)) {
      const ofFile = corpus.problems.filter((p) => p.file === path);
      assert.equal(ofFile.length, MAX_PROBLEMS_PER_FILE + 1, path);
      assert.match(ofFile[MAX_PROBLEMS_PER_FILE].message, /^… and [\d,]+ more problems in this file$/);
    }
  });
});
