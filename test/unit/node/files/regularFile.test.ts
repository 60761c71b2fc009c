import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import {
  MAX_COLLECTION_BYTES,
  NotARegularFileError,
  readFailure,
  readRegularFile,
  readRegularFileSync,
} from '../../../../src/node/files/regularFile';
import { nodeFileSource } from '../../../../src/node/files/nodeFileSource';
import { scratchDir } from '../../../helpers/scratchDir';

const dir = scratchDir('papers-regular-file');

/** What readRegularFile says of `path`: its refusal, or the file system's error, as one line. */
async function refusal(path: string, maxBytes?: number): Promise<string> {
  try {
    await readRegularFile(path, maxBytes);
  } catch (err) {
    return readFailure(err);
  }
  return 'read';
}

describe('readRegularFile', () => {
  test('a regular file is read; a folder, /dev/zero and a symlink to it are refused without being read', async () => {
    writeFileSync(join(dir, 'ok.txt'), 'Daily Papers\n');
    assert.equal(new TextDecoder().decode(await readRegularFile(join(dir, 'ok.txt'))), 'Daily Papers\n');
    mkdirSync(join(dir, 'x.bib'));
    symlinkSync('/dev/zero', join(dir, 'zero.txt'));
    assert.equal(await refusal(join(dir, 'x.bib')), 'it is a folder, not a file');
    assert.equal(await refusal('/dev/zero'), 'it is a device, not a regular file; not read');
    assert.equal(await refusal(join(dir, 'zero.txt')), 'it is a device, not a regular file; not read');
    assert.throws(() => readRegularFileSync(join(dir, 'zero.txt')), NotARegularFileError);
  });

  test('a FIFO is refused at once (never opened, so never waited on)', { timeout: 10_000 }, async () => {
    const fifo = join(dir, 'pipe.bib');
    assert.equal(spawnSync('mkfifo', [fifo]).status, 0);
    assert.equal(await refusal(fifo), 'it is a named pipe (FIFO), not a regular file; not read');
    assert.throws(() => readRegularFileSync(fifo), /named pipe/);
  });

  test('a socket is refused', async () => {
    const path = join(dir, 'papers.sock');
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(path, resolve));
    try {
      assert.equal(await refusal(path), 'it is a socket, not a regular file; not read');
    } finally {
      server.close();
    }
  });

  test('a file over the cap is refused with its size and the cap; the cap is 512 MB', async () => {
    writeFileSync(join(dir, 'big.txt'), 'x'.repeat(3 * 2 ** 20));
    assert.equal(
      await refusal(join(dir, 'big.txt'), 2 ** 20),
      'it is 3 MB, more than the 1 MB Papers reads from one file; split it into smaller files',
    );
    assert.equal(MAX_COLLECTION_BYTES, 512 * 2 ** 20);
  });

  test('a symlink loop and a missing file are one line each', async () => {
    symlinkSync('loop.bib', join(dir, 'loop.bib'));
    assert.equal(await refusal(join(dir, 'loop.bib')), 'too many levels of symbolic links (a symlink loop?)');
    assert.equal(await refusal(join(dir, 'missing.bib')), 'no such file');
  });

  test('nodeFileSource (what the CLI reads collections with) refuses the same way', async () => {
    await assert.rejects(nodeFileSource.readFile('/dev/zero'), /^Error: it is a device, not a regular file; not read$/);
  });
});
