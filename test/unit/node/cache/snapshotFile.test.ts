import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SnapshotError, SnapshotReader, SnapshotWriter } from '../../../../src/core/snapshot/format';
import { contentKey, digestOf, digestOfFile } from '../../../../src/node/cache/contentKey';
import { openSnapshotFile } from '../../../../src/node/cache/snapshotFile';

const dir = mkdtempSync(join(tmpdir(), 'papers-snapshot-file-'));
test.after(() => rmSync(dir, { recursive: true, force: true }));

// made-up text, several MB so a file is read in more than one piece
function madeUpStrings(): string[] {
  const words = ['kelp', 'otter', 'tide', 'Wärme', 'λ-probe', '熱流', 'crane', 'lichen'];
  return Array.from({ length: 5000 }, (_, i) => Array.from({ length: 300 }, (_, k) => words[(i * 7 + k * 3) % words.length]).join(' ') + ` #${i}`);
}

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
    assert.deepEqual(fromFile.strings().filter((_, n) => numbers.includes(n)), strings);
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

test('the cache key: the same for bytes in memory and the file on disk; another for any change of bytes, path, order or version', async () => {
  const a = join(dir, 'a.txt');
  const b = join(dir, 'b.txt');
  writeFileSync(a, 'Daily Papers\n\nKelp forests shelter otters.\n');
  writeFileSync(b, 'Daily Papers\n\nLichens date gravestones.\n');
  const bytes = (s: string) => new TextEncoder().encode(s);
  const key = contentKey('1.0.0', [digestOf('a', bytes('Daily Papers\n\nKelp forests shelter otters.\n')), digestOf('b', bytes('Daily Papers\n\nLichens date gravestones.\n'))]);
  assert.equal(contentKey('1.0.0', [await digestOfFile('a', a), await digestOfFile('b', b)]), key);
  const others = [
    contentKey('1.0.1', [await digestOfFile('a', a), await digestOfFile('b', b)]),
    contentKey('1.0.0', [await digestOfFile('b', b), await digestOfFile('a', a)]),
    contentKey('1.0.0', [await digestOfFile('a2', a), await digestOfFile('b', b)]),
    contentKey('1.0.0', [digestOf('a', bytes('Daily Papers\n\nKelp forests shelter otters!\n')), await digestOfFile('b', b)]),
  ];
  for (const other of others) assert.notEqual(other, key);
  assert.equal(new Set(others).size, others.length);
});
