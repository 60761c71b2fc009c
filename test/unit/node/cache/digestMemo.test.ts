import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { digestOfFile } from '../../../../src/node/cache/contentKey';
import { DigestMemo } from '../../../../src/node/cache/digestMemo';
import { scratchDir } from '../../../helpers/scratchDir';

const dir = scratchDir('papers-digest-memo-');

describe('DigestMemo', () => {
  test('a remembered digest is used while the size, time and inode are unchanged; any change hashes again', async () => {
    const file = join(dir, 'feed.txt');
    const memoFile = join(dir, 'digests.json');
    writeFileSync(file, 'Daily Papers\nTide pools warm faster than the open sea.\n');
    const old = new Date(Date.now() - 60_000);
    utimesSync(file, old, old);
    const first = await DigestMemo.open(memoFile);
    const d1 = await first.digest('feed', file);
    assert.deepEqual(d1, await digestOfFile('feed', file));
    await first.save([file]);
    assert.ok(JSON.parse(readFileSync(memoFile, 'utf8')).files[file], 'the memo is written');

    // the same size and time with other bytes (something rewrote the file and set its time back): the memo's
    // digest is used, which shows the file was not read; this is the trade-off git's index makes too
    writeFileSync(file, 'Daily Papers\nTide pools warm slower than the open sea.\n');
    utimesSync(file, old, old);
    assert.equal((await (await DigestMemo.open(memoFile)).digest('feed', file)).sha256, d1.sha256);

    // a new time: hashed again
    const later = new Date(Date.now() - 30_000);
    utimesSync(file, later, later);
    const second = await DigestMemo.open(memoFile);
    const d2 = await second.digest('feed', file);
    assert.notEqual(d2.sha256, d1.sha256);
    assert.deepEqual(d2, await digestOfFile('feed', file));
    await second.save([file]);

    // another size with the same time: hashed again
    writeFileSync(file, 'Daily Papers\nTide pools warm slower than the open sea, at night too.\n');
    utimesSync(file, later, later);
    assert.deepEqual(await (await DigestMemo.open(memoFile)).digest('feed', file), await digestOfFile('feed', file));
  });

  test('a file modified just before it was hashed is hashed again next time; a damaged memo is ignored', async () => {
    const file = join(dir, 'fresh.txt');
    const memoFile = join(dir, 'fresh-digests.json');
    writeFileSync(file, 'Daily Papers\nLichens grow a millimetre a year.\n');
    const memo = await DigestMemo.open(memoFile);
    const d = await memo.digest('fresh', file);
    await memo.save([file]);
    // same size, time restored to what it was: a racy entry is not trusted, so the new bytes are seen
    const { mtime } = statSync(file);
    writeFileSync(file, 'Daily Papers\nLichens grow a centimetre a year.\n');
    utimesSync(file, mtime, mtime);
    const again = await (await DigestMemo.open(memoFile)).digest('fresh', file);
    assert.notEqual(again.sha256, d.sha256);
    assert.deepEqual(again, await digestOfFile('fresh', file));

    writeFileSync(memoFile, '{"version":1,"files":');
    assert.deepEqual(await (await DigestMemo.open(memoFile)).digest('fresh', file), await digestOfFile('fresh', file));
  });

  test('saving keeps only the current collections', async () => {
    const a = join(dir, 'a.txt');
    const b = join(dir, 'b.txt');
    const memoFile = join(dir, 'keep-digests.json');
    writeFileSync(a, 'Daily Papers\nOne.\n');
    writeFileSync(b, 'Daily Papers\nTwo.\n');
    const memo = await DigestMemo.open(memoFile);
    await memo.digest('a', a);
    await memo.digest('b', b);
    await memo.save([a, b]);
    await memo.save([b]);
    assert.deepEqual(Object.keys(JSON.parse(readFileSync(memoFile, 'utf8')).files), [b]);
  });

  test(
    'a FIFO or a device among the collections is refused before it is opened (the caller reads and reports it)',
    { timeout: 10_000 },
    async () => {
      const fifo = join(dir, 'pipe.txt');
      assert.equal(spawnSync('mkfifo', [fifo]).status, 0);
      const memo = await DigestMemo.open(join(dir, 'digests-special.json'));
      await assert.rejects(memo.digest('pipe', fifo), /named pipe/);
      await assert.rejects(memo.digest('zero', '/dev/zero'), /device/);
    },
  );
});
