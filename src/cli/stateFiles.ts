/**
 * What `papers analyze --state DIR` remembers of the collection files it read: each file's SHA-256, in
 * DIR/files.json beside the analysis. A later run parses only the files whose bytes changed and takes the others'
 * papers from the state (core corpusSince): adding a day's dump costs the day, not the library.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { FileAsRead } from '../core/collections';
import { writeFileAtomicSync } from '../node/files/atomicWrite';

export const FILES_STATE = 'files.json';
const FILES_STATE_FORMAT = 1;

/** Each file's digest by its path as given, as the state in DIR last read it; none when unknown or unreadable. */
export function digestsInState(dir: string): Map<string, string> {
  const file = join(dir, FILES_STATE);
  if (!existsSync(file)) return new Map();
  try {
    const json = JSON.parse(readFileSync(file, 'utf8')) as { format?: unknown; files?: unknown };
    if (json.format !== FILES_STATE_FORMAT || !Array.isArray(json.files)) return new Map();
    const pairs = (json.files as unknown[]).filter(
      (f): f is { path: string; sha256: string } =>
        typeof (f as { path?: unknown })?.path === 'string' && typeof (f as { sha256?: unknown })?.sha256 === 'string',
    );
    return new Map(pairs.map((f) => [f.path, f.sha256]));
  } catch {
    // a damaged list only costs a full read of the files: the analysis itself is in the snapshot
    return new Map();
  }
}

/** The digest of a file as read (undefined for one that could not be read: it is read again next time). */
export function digestOf(file: FileAsRead): string | undefined {
  return 'bytes' in file ? createHash('sha256').update(file.bytes).digest('hex') : undefined;
}

/**
 * Forgets the digests before the snapshot is replaced, so that a run stopped between the two writes never pairs
 * the old list with a new snapshot: without a list, every file is read again.
 */
export function forgetDigests(dir: string): void {
  rmSync(join(dir, FILES_STATE), { force: true });
}

export function saveDigests(dir: string, files: readonly { path: string; sha256?: string }[]): void {
  const known = files.filter((f) => f.sha256 !== undefined);
  writeFileAtomicSync(
    join(dir, FILES_STATE),
    `${JSON.stringify({ format: FILES_STATE_FORMAT, files: known.map((f) => ({ path: f.path, sha256: f.sha256 })) }, null, 1)}\n`,
  );
}
