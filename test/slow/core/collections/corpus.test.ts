// parseCollectionBytes at scale, in every format: 100k tiny entries within a CPU-time bound.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { enc, FORMATS, parse } from '../../../helpers/collectionFormats';

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
