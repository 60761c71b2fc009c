import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, readFileSync, symlinkSync } from 'node:fs';
import { basename, dirname, join, posix } from 'node:path';
import { repoRoot } from '../../helpers/repoRoot';
import { scratchDir } from '../../helpers/scratchDir';

const root = repoRoot();
const vsce = join(root, 'node_modules', '.bin', 'vsce');

/** Runs vsce in `dir` with its default checks (no flag turns one off); fails the test with its output when it fails. */
function runVsce(dir: string, ...args: string[]): string {
  const r = spawnSync(vsce, [...args, '--no-dependencies'], { cwd: dir, encoding: 'utf8', timeout: 300_000 });
  assert.equal(r.status, 0, `vsce ${args.join(' ')} failed:\n${r.stdout}\n${r.stderr}`);
  return r.stdout;
}

/** A copy of what git tracks (a clean clone's files, without build output), sharing the installed node_modules. */
function trackedCopy(): string {
  const files = spawnSync('git', ['ls-files', '-z'], { cwd: root, encoding: 'utf8' });
  assert.equal(files.status, 0, files.stderr);
  const dir = join(scratchDir('papers-vsix'), 'repo');
  for (const file of files.stdout.split('\0').filter(Boolean)) {
    if (existsSync(join(root, file))) cpSync(join(root, file), join(dir, file));
  }
  symlinkSync(join(root, 'node_modules'), join(dir, 'node_modules'));
  return dir;
}

/**
 * The texts that can make VS Code load a packaged file: the manifest's extension fields (not `bin`, which only npm
 * reads), the README shown on the store page, and every shipped script and style sheet.
 */
type Referrer = { path: string; text: string };
function referrers(dir: string, shipped: string[]): Referrer[] {
  const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as Record<string, unknown>;
  const { main, browser, icon, galleryBanner, contributes } = manifest;
  const fromManifest = JSON.stringify({ main, browser, icon, galleryBanner, contributes });
  return [
    { path: 'package.json', text: fromManifest },
    { path: 'README.md', text: readFileSync(join(dir, 'README.md'), 'utf8') },
    ...shipped.filter((f) => /\.(js|css)$/.test(f)).map((f) => ({ path: f, text: readFileSync(join(dir, f), 'utf8') })),
  ];
}

/** Whether `text`, found in `from`, names `file`: by its path, by its path from `from`'s folder, or quoted in code. */
function names(text: string, from: string, file: string): boolean {
  if (text.includes(file)) return true;
  const relative = posix.relative(posix.dirname(from), file);
  if (from !== 'package.json' && from !== 'README.md' && text.includes(relative)) return true;
  return from.endsWith('.js') && (text.includes(`"${basename(file)}"`) || text.includes(`'${basename(file)}'`));
}

/**
 * Files of a folder that code lists whole (`joinPath(extensionUri, 'seeds')`): none of them is named anywhere, and
 * a bundle quotes the folder.
 */
function inListedFolder(file: string, shipped: string[], texts: Referrer[]): boolean {
  const folder = dirname(file);
  const siblings = shipped.filter((f) => dirname(f) === folder);
  const named = (f: string) => texts.some((r) => r.path !== f && names(r.text, r.path, f));
  const quoted = texts.some(
    (r) => r.path.endsWith('.js') && (r.text.includes(`"${folder}"`) || r.text.includes(`'${folder}'`)),
  );
  return quoted && !siblings.some(named);
}

const alwaysShipped = new Set(['package.json', 'README.md', 'CHANGELOG.md', 'LICENSE']);

describe('the .vsix', () => {
  test('vsce packages with its default checks, and every packaged file is one the extension or its store page uses', () => {
    const dir = trackedCopy();
    const out = join(dirname(dir), 'papers.vsix');
    runVsce(dir, 'package', '--out', out);
    assert.ok(existsSync(out), 'no .vsix written');

    const shipped = runVsce(dir, 'ls').split('\n').filter(Boolean);
    assert.ok(shipped.includes('dist/extension.js') && shipped.includes('dist/web/extension.js'), shipped.join('\n'));
    const texts = referrers(dir, shipped);
    const unused = shipped.filter(
      (file) =>
        !alwaysShipped.has(file) &&
        // A bundled library's licence travels with it.
        !(basename(file) === 'LICENSE' && shipped.some((f) => f !== file && f.startsWith(dirname(file) + '/'))) &&
        !texts.some((r) => r.path !== file && names(r.text, r.path, file)) &&
        !inListedFolder(file, shipped, texts),
    );
    assert.deepEqual(unused, [], `packaged but used by nothing:\n${unused.join('\n')}`);
  });
});
