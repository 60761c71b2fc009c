import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { threadPoolFlag } from '../../../../src/node/analysis/compileFlags';

describe('threadPoolFlag', () => {
  test('node accepts the pool flag it gives (a rejected flag would stop the analysis process at its start)', () => {
    const flag = threadPoolFlag(2, false)!;
    const run = spawnSync(process.execPath, [flag, '-e', 'process.stdout.write("ok")'], { encoding: 'utf8' });
    assert.equal(run.status, 0, run.stderr);
    assert.equal(run.stdout, 'ok');
  });
});
