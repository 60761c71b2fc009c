import { realpath } from 'node:fs/promises';
import { isPathInside } from '../../core/common';

/** The real path of `path`, or of its nearest ancestor that exists, with the rest appended. */
async function realPathOf(path: string): Promise<string> {
  const rest: string[] = [];
  let at = path;
  for (;;) {
    try {
      const real = await realpath(at);
      return rest.length ? `${real.replace(/[/\\]$/, '')}/${rest.reverse().join('/')}` : real;
    } catch (err) {
      const parent = at.replace(/[/\\][^/\\]*$/, '');
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT' || parent === at || parent === '') throw err;
      rest.push(at.slice(parent.length + 1));
      at = parent;
    }
  }
}

/**
 * Why `path` is refused once every symlink on its way is resolved, or undefined when it is inside `root`: a
 * `.papers`, `.papers/links` or notes folder (or a linked file) that is a symlink leading outside would otherwise
 * send a write, or a read copied into `.papers/`, elsewhere.
 */
export async function outsideRoot(root: string, path: string): Promise<string | undefined> {
  let realRoot: string;
  let real: string;
  try {
    [realRoot, real] = await Promise.all([realPathOf(root), realPathOf(path)]);
  } catch (err) {
    return `its path cannot be resolved (${(err as Error).message})`;
  }
  return isPathInside(realRoot, real)
    ? undefined
    : `it resolves to ${real}, outside the workspace (a symlink on its way leads out)`;
}
