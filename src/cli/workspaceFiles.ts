import { Dirent, readdirSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

/** Folders never searched for collection globs. */
const SKIPPED_DIRS = new Set(['node_modules', '.git']);

/** A path with `/` separators, as link files and messages write it. */
export const toSlash = (p: string) => p.split(sep).join('/');

/**
 * Workspace-relative files under `root`, for glob matching: a loop over a list of folders (no recursion, however
 * deep the tree); a folder that cannot be listed is reported through `onError` and skipped. Symlinks are not
 * followed (a Dirent of a symlink is neither a file nor a folder), so a symlink loop is never entered.
 */
export function workspaceFiles(
  root: string,
  onError: (folder: string, err: unknown) => void,
  list: (dir: string) => Dirent[] = (dir) => readdirSync(dir, { withFileTypes: true }),
): string[] {
  const out: string[] = [];
  const folders = [root];
  while (folders.length) {
    const dir = folders.pop()!;
    let entries: Dirent[];
    try {
      entries = list(dir);
    } catch (err) {
      onError(toSlash(relative(root, dir)) || '.', err);
      continue;
    }
    for (const entry of entries) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) {
        if (!SKIPPED_DIRS.has(entry.name)) folders.push(path);
      } else if (entry.isFile()) out.push(toSlash(relative(root, path)));
    }
  }
  return out.sort();
}
