import { renameSync, rmSync, writeFileSync } from 'node:fs';
import { rename, rm, writeFile } from 'node:fs/promises';
import { tempPathBeside } from '../../core/common/files';

export { tempPathBeside } from '../../core/common/files';

/**
 * Writes a file atomically: the data to a temporary file beside it (`temp`, by default a fresh name), then a
 * rename over it. On POSIX a rename replaces the target in one step: a reader (another window, a process
 * reading the file piece by piece) sees the old file or the new one, never a partial one or none.
 */
export async function writeFileAtomic(
  path: string,
  data: string | Uint8Array,
  temp = tempPathBeside(path),
): Promise<void> {
  await writeFile(temp, data, typeof data === 'string' ? 'utf8' : undefined);
  try {
    await rename(temp, path);
  } catch (err) {
    await rm(temp, { force: true });
    throw err;
  }
}

/** The same, for a process with nothing else to do meanwhile (the analysis process writing its result). */
export function writeFileAtomicSync(path: string, data: string | Uint8Array, temp = tempPathBeside(path)): void {
  writeFileSync(temp, data, typeof data === 'string' ? 'utf8' : undefined);
  try {
    renameSync(temp, path);
  } catch (err) {
    rmSync(temp, { force: true });
    throw err;
  }
}
