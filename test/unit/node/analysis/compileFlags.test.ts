import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { threadPoolFlag } from '../../../../src/node/analysis/compileFlags';

describe('threadPoolFlag', () => {
  test("the analysis process leaves one core to its main thread: V8 pool = cores - 1, at least 1, only below node's default of 4", () => {
    assert.equal(threadPoolFlag(1, false), '--v8-pool-size=1');
    assert.equal(threadPoolFlag(2, false), '--v8-pool-size=1');
    assert.equal(threadPoolFlag(3, false), '--v8-pool-size=2');
    assert.equal(threadPoolFlag(4, false), '--v8-pool-size=3');
    assert.equal(threadPoolFlag(5, false), undefined);
    assert.equal(threadPoolFlag(64, false), undefined);
    // desktop VS Code runs the process with Electron's node: left as it is
    assert.equal(threadPoolFlag(2, true), undefined);
  });
});
