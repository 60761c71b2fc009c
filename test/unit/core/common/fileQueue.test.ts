import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { FileQueue } from '../../../../src/core/common/fileQueue';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * A store as the extension's stores are: writes go to a made-up disk then to memory, and a watcher re-reads the
 * disk into memory. Reads are slow (they return what was on disk when they began), writes quick.
 */
class MadeUpStore {
  disk = 'v0';
  memory = 'v0';
  constructor(private readonly queue: FileQueue | undefined) {}

  private serial<T>(task: () => Promise<T>): Promise<T> {
    return this.queue ? this.queue.run(task) : task();
  }

  write(value: string): Promise<void> {
    return this.serial(async () => {
      await sleep(2);
      this.disk = value;
      this.memory = value;
    });
  }

  /** What a watcher event does: re-read the file into memory. */
  reread(): Promise<void> {
    return this.serial(async () => {
      const onDisk = this.disk;
      await sleep(15);
      this.memory = onDisk;
    });
  }
}

/** Two changes in a row, with the watcher's re-read of the first arriving while the second is written. */
async function twoQuickChanges(store: MadeUpStore): Promise<void> {
  await store.write('v1');
  const reread = store.reread();
  await store.write('v2');
  await reread;
}

describe('FileQueue', () => {
  test('a re-read queued with the writes never puts an older file back in memory, as it does without the queue', async () => {
    const queued = new MadeUpStore(new FileQueue());
    await twoQuickChanges(queued);
    assert.equal(queued.disk, 'v2');
    assert.equal(queued.memory, 'v2');
    // the same sequence unqueued loses the second change: without this the check above could pass for a
    // sequence that has no race at all
    const unqueued = new MadeUpStore(undefined);
    await twoQuickChanges(unqueued);
    assert.deepEqual([unqueued.disk, unqueued.memory], ['v2', 'v1']);
  });

  test('tasks run one at a time in the order queued; a failed task rejects its caller and the next still runs', async () => {
    const queue = new FileQueue();
    const log: string[] = [];
    const task =
      (name: string, ms: number, fail = false) =>
      () =>
        (async () => {
          log.push(`start ${name}`);
          await sleep(ms);
          log.push(`end ${name}`);
          if (fail) throw new Error(`${name} failed`);
          return name;
        })();
    const a = queue.run(task('a', 10));
    const b = queue.run(task('b', 1, true));
    const c = queue.run(task('c', 1));
    assert.equal(await a, 'a');
    await assert.rejects(b, /b failed/);
    assert.equal(await c, 'c');
    assert.deepEqual(log, ['start a', 'end a', 'start b', 'end b', 'start c', 'end c']);
  });
});
