/**
 * Reading an input file (a collection, a links file, the workspace settings) only when it is a regular file of a
 * sane size. Anything else is refused before it is opened, with one line that says what it is: a folder cannot be
 * read, a named pipe blocks the reader until someone writes to it (forever, in a CLI run or at activation), and a
 * device such as /dev/zero never ends, so a read grows until the process runs out of memory. `stat` follows
 * symlinks, so a link to /dev/zero is told by what it leads to.
 */
import { constants, fstatSync, openSync, closeSync, readFileSync, statSync, Stats } from 'node:fs';
import { open, stat } from 'node:fs/promises';
import { MAX_COLLECTION_BYTES, NotARegularFileError, sizeRefusal } from '../../core/common/files';
// the limits and messages hold on every file system (core/common/files.ts); here, how a local disk is read
export { MAX_COLLECTION_BYTES, NotARegularFileError, readFailure, sizeRefusal } from '../../core/common/files';

/** Opens without waiting for a writer should a FIFO replace the file between the check and the open (not on Windows). */
export const OPEN_FLAGS = constants.O_RDONLY | (constants.O_NONBLOCK ?? 0);

/** Why a file with these stats is not read (what it is instead, or that it is too large); undefined when it may be. */
export function refusalOf(s: Stats, maxBytes = MAX_COLLECTION_BYTES): string | undefined {
  if (s.isDirectory()) return 'it is a folder, not a file';
  if (s.isFIFO()) return 'it is a named pipe (FIFO), not a regular file; not read';
  if (s.isCharacterDevice() || s.isBlockDevice()) return 'it is a device, not a regular file; not read';
  if (s.isSocket()) return 'it is a socket, not a regular file; not read';
  if (!s.isFile()) return 'it is not a regular file; not read';
  return sizeRefusal(s.size, maxBytes);
}

/** Throws NotARegularFileError when the stats say the file must not be read. */
export function checkRegularFile(s: Stats, maxBytes = MAX_COLLECTION_BYTES): void {
  const why = refusalOf(s, maxBytes);
  if (why !== undefined) throw new NotARegularFileError(why);
}

/**
 * The bytes of a regular file, checked before it is opened and again on the open descriptor (the path may have
 * been swapped meanwhile). Errors of the file system (ENOENT, ELOOP, EACCES...) are thrown as they are.
 */
export async function readRegularFile(path: string, maxBytes = MAX_COLLECTION_BYTES): Promise<Uint8Array> {
  checkRegularFile(await stat(path), maxBytes);
  const handle = await open(path, OPEN_FLAGS);
  try {
    checkRegularFile(await handle.stat(), maxBytes);
    return new Uint8Array(await handle.readFile());
  } finally {
    await handle.close();
  }
}

/** readRegularFile, synchronously. */
export function readRegularFileSync(path: string, maxBytes = MAX_COLLECTION_BYTES): Buffer {
  checkRegularFile(statSync(path), maxBytes);
  const fd = openSync(path, OPEN_FLAGS);
  try {
    checkRegularFile(fstatSync(fd), maxBytes);
    return readFileSync(fd);
  } finally {
    closeSync(fd);
  }
}

/** A file's text (UTF-8), read as readRegularFileSync reads it. */
export function readRegularTextSync(path: string, maxBytes = MAX_COLLECTION_BYTES): string {
  return readRegularFileSync(path, maxBytes).toString('utf8');
}
