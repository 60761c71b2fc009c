import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { contentKey, digestOf, digestOfFile } from '../../../../src/node/cache/contentKey';

const dir = mkdtempSync(join(tmpdir(), 'papers-snapshot-file-'));
test.after(() => rmSync(dir, { recursive: true, force: true }));

describe('contentKey, digestOf and digestOfFile', () => {
  test('the cache key: the same for bytes in memory and the file on disk; another for any change of bytes, path, order or version', async () => {
    const a = join(dir, 'a.txt');
    const b = join(dir, 'b.txt');
    writeFileSync(a, 'Daily Papers\n\nKelp forests shelter otters.\n');
    writeFileSync(b, 'Daily Papers\n\nLichens date gravestones.\n');
    const bytes = (s: string) => new TextEncoder().encode(s);
    const key = contentKey('1.0.0', [
      digestOf('a', bytes('Daily Papers\n\nKelp forests shelter otters.\n')),
      digestOf('b', bytes('Daily Papers\n\nLichens date gravestones.\n')),
    ]);
    assert.equal(contentKey('1.0.0', [await digestOfFile('a', a), await digestOfFile('b', b)]), key);
    const others = [
      contentKey('1.0.1', [await digestOfFile('a', a), await digestOfFile('b', b)]),
      contentKey('1.0.0', [await digestOfFile('b', b), await digestOfFile('a', a)]),
      contentKey('1.0.0', [await digestOfFile('a2', a), await digestOfFile('b', b)]),
      contentKey('1.0.0', [
        digestOf('a', bytes('Daily Papers\n\nKelp forests shelter otters!\n')),
        await digestOfFile('b', b),
      ]),
    ];
    for (const other of others) assert.notEqual(other, key);
    assert.equal(new Set(others).size, others.length);
  });
});
