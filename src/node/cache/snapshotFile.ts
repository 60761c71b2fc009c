import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
import { SnapshotSource } from '../../core/snapshot';

/** Closes the files of sources nothing uses any more (see openSnapshotFile's `whileUsed`). */
const closeWhenUnused = new FinalizationRegistry<number>((fd) => closeSync(fd));

/**
 * A snapshot file open for reading piece by piece. With `whileUsed` it stays open for as long as the source
 * is reachable (decodeSnapshot's `deferred` parts read from it when first used, maybe long after the
 * restore, maybe from an analysis a reload has replaced but a view still shows), and is closed once
 * nothing holds it. Open, its content stays readable even when the cache entry is deleted or replaced (on
 * Windows the deletion fails and the next prune tries again).
 */
export function openSnapshotFile(
  path: string,
  options: { whileUsed?: boolean } = {},
): SnapshotSource & { close(): void } {
  const fd = openSync(path, 'r');
  let open = true;
  try {
    const size = fstatSync(fd).size;
    const source: SnapshotSource & { close(): void } = {
      size,
      close() {
        // unregistered first: a closed descriptor's number is reused by the next file opened
        closeWhenUnused.unregister(source);
        if (open) closeSync(fd);
        open = false;
      },
      read(offset, length, scratch) {
        if (!open) throw new Error(`${path} was closed`);
        const into = scratch && scratch.length >= length ? scratch.subarray(0, length) : new Uint8Array(length);
        let done = 0;
        while (done < length) {
          const n = readSync(fd, into, done, length - done, offset + done);
          if (n === 0) break;
          done += n;
        }
        return done === length ? into : into.subarray(0, done);
      },
    };
    if (options.whileUsed) closeWhenUnused.register(source, fd, source);
    return source;
  } catch (err) {
    closeSync(fd);
    throw err;
  }
}
