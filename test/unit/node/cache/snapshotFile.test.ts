import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SnapshotError, SnapshotReader, SnapshotWriter } from '../../../../src/core/snapshot/format';
import { openSnapshotFile } from '../../../../src/node/cache/snapshotFile';

const dir = mkdtempSync(join(tmpdir(), 'papers-snapshot-file-'));
test.after(() => rmSync(dir, { recursive: true, force: true }));

// made-up text, several MB so a file is read in more than one piece
function madeUpStrings(): string[] {
  const words = ['kelp', 'otter', 'tide', 'Wärme', 'λ-probe', '熱流', 'crane', 'lichen'];
  return Array.from(
    { length: 5000 },
    (_, i) => Array.from({ length: 300 }, (_, k) => words[(i * 7 + k * 3) % words.length]).join(' ') + ` #${i}`,
  );
}

describe('openSnapshotFile', () => {
  test('a snapshot read from its file piece by piece gives the same strings and arrays as from memory', () => {
    const strings = madeUpStrings();
    const w = new SnapshotWriter();
    const numbers = strings.map((s) => w.string(s));
    const rows = w.array(Float32Array.from({ length: 5000 }, (_, i) => Math.sin(i)));
    const bytes = w.finish({ numbers, rows });
    assert.ok(bytes.length > 2 * 2 ** 22, 'more than two reads');
    const file = join(dir, 'big.snapshot');
    writeFileSync(file, bytes);
    const fromMemory = new SnapshotReader(bytes);
    const source = openSnapshotFile(file);
    try {
      const fromFile = new SnapshotReader(source);
      assert.deepEqual(fromFile.strings(), fromMemory.strings());
      assert.deepEqual(
        fromFile.strings().filter((_, n) => numbers.includes(n)),
        strings,
      );
      assert.deepEqual(fromFile.array(rows, 'f32'), fromMemory.array(rows, 'f32'));
    } finally {
      source.close();
    }
    writeFileSync(file, bytes.subarray(0, bytes.length - 100));
    const truncated = openSnapshotFile(file);
    try {
      assert.throws(() => new SnapshotReader(truncated).strings(), SnapshotError, 'a truncated file');
    } finally {
      truncated.close();
    }
  });
});
