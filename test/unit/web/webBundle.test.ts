import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { builtinModules } from 'node:module';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The repository root, from out/test/unit/web. */
const ROOT = join(__dirname, '..', '..', '..', '..');
const WEB_BUNDLES = ['dist/web/extension.js', 'dist/web/analysisWorker.js'];

/** The node modules a bundle requires or imports (`node:x`, or a bare builtin name such as `fs`). */
function nodeImports(code: string): string[] {
  const builtins = new Set(builtinModules);
  const found = new Set<string>();
  for (const m of code.matchAll(/\b(?:require\(|import\(|from\s*)\s*["']([^"']+)["']/g)) {
    const name = m[1];
    if (name.startsWith('node:') || builtins.has(name)) found.add(name);
  }
  return [...found].sort();
}

describe('the web bundles (package.json browser) import nothing of node', () => {
  test('the check finds node imports, prefixed or not, and leaves vscode and relative ones', () => {
    const code = 'const a=require("node:fs");const b=require("path");const v=require("vscode");import x from "./y";';
    assert.deepEqual(nodeImports(code), ['node:fs', 'path']);
  });

  for (const bundle of WEB_BUNDLES)
    test(`${bundle} has no node: import`, () => {
      const file = join(ROOT, bundle);
      assert.ok(existsSync(file), `${bundle} is built (node scripts/build.mjs)`);
      assert.deepEqual(nodeImports(readFileSync(file, 'utf8')), []);
    });
});
