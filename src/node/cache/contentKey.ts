import { createHash } from 'node:crypto';
import { open } from 'node:fs/promises';
import { SNAPSHOT_FORMAT } from '../../core/snapshot';
import { OPEN_FLAGS } from '../files/regularFile';

/** A collection file as the key sees it: its path and the SHA-256 of its bytes. */
export interface FileDigest {
  path: string;
  sha256: string;
}

export function digestOf(path: string, bytes: Uint8Array): FileDigest {
  return { path, sha256: createHash('sha256').update(bytes).digest('hex') };
}

/**
 * The digest of a file on disk, read a few MB at a time into one buffer: on a second activation the key
 * is all the collections are needed for, and 140 MB of them need not be in memory for it.
 */
export async function digestOfFile(path: string, fsPath: string): Promise<FileDigest> {
  const file = await open(fsPath, OPEN_FLAGS); // checked to be a regular file first (digestMemo.ts); never waits
  try {
    const hash = createHash('sha256');
    const buffer = new Uint8Array(1 << 22);
    for (;;) {
      const { bytesRead } = await file.read(buffer, 0, buffer.length, null);
      if (bytesRead === 0) break;
      hash.update(buffer.subarray(0, bytesRead));
    }
    return { path, sha256: hash.digest('hex') };
  } finally {
    await file.close();
  }
}

/**
 * The analysis cache's key: SHA-256 over the extension version, the snapshot format and each collection
 * file's path and SHA-256, in load order. node:crypto hashes 140 MB several times faster than a JS loop.
 */
export function contentKey(version: string, files: readonly FileDigest[]): string {
  return createHash('sha256')
    .update(JSON.stringify({ version, format: SNAPSHOT_FORMAT, files: files.map((f) => [f.path, f.sha256]) }))
    .digest('hex')
    .slice(0, 40);
}
