import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
import { SnapshotSource } from '../core/snapshotFormat';

/**
 * Runs `use` with a snapshot file as a SnapshotSource read piece by piece (readSync at an offset): the
 * snapshot's text is decoded from one reused buffer instead of a copy of the whole file in memory.
 */
export function withSnapshotFile<T>(path: string, use: (source: SnapshotSource) => T): T {
  const fd = openSync(path, 'r');
  try {
    const size = fstatSync(fd).size;
    return use({
      size,
      read(offset, length, scratch) {
        const into = scratch && scratch.length >= length ? scratch.subarray(0, length) : new Uint8Array(length);
        let done = 0;
        while (done < length) {
          const n = readSync(fd, into, done, length - done, offset + done);
          if (n === 0) break;
          done += n;
        }
        return done === length ? into : into.subarray(0, done);
      },
    });
  } finally {
    closeSync(fd);
  }
}
