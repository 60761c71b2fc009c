import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';

let root: string | undefined;

/**
 * The repository's root folder: the nearest folder above this file holding package.json. Tests run compiled
 * from out/test/..., at any depth, so a fixed number of `..` would break whenever a test file moves.
 */
export function repoRoot(): string {
  if (root) return root;
  for (let dir = __dirname; ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'package.json'))) return (root = dir);
    if (dirname(dir) === dir) throw new Error(`no package.json above ${__dirname}`);
  }
}
