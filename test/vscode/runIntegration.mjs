#!/usr/bin/env node
// Runs the suites in test/vscode/suite inside a real VS Code through @vscode/test-electron's runTests.
// By default "VS Code" is code-server 1.100.3 driven by fake-code.mjs (these machines cannot download
// desktop VS Code). PAPERS_TEST_VSCODE=desktop uses test-electron's own download of desktop VS Code instead
// (needs update.code.visualstudio.com, and a display or xvfb-run on Linux); the choice is always explicit.
// The tests get a fresh temporary copy of test/vscode/fixtures/workspace, so they never dirty the repo.
import { spawnSync } from 'node:child_process';
import { accessSync, constants, chmodSync, cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runTests } from '@vscode/test-electron';
import { REPO_ROOT } from './setup.mjs';

const FIXTURE = join(REPO_ROOT, 'test', 'vscode', 'fixtures', 'workspace');
const SUITE = join(REPO_ROOT, 'out', 'test', 'vscode', 'suite', 'index.js');
const FAKE_CODE = join(REPO_ROOT, 'test', 'vscode', 'fake-code.mjs');
const mode = process.env.PAPERS_TEST_VSCODE ?? 'code-server';

if (!['code-server', 'desktop'].includes(mode)) {
  console.error(`PAPERS_TEST_VSCODE must be "code-server" (default) or "desktop", not "${mode}"`);
  process.exit(2);
}

// Always test what is in src/ and test/ now, not a stale build (esbuild takes about a second).
const build = spawnSync(process.execPath, ['scripts/build.mjs', '--tests'], { cwd: REPO_ROOT, stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);
if (!existsSync(SUITE)) {
  console.error(`no compiled suite at ${SUITE}`);
  process.exit(1);
}

const workspace = mkdtempSync(join(tmpdir(), 'papers-test-workspace-'));
cpSync(FIXTURE, workspace, { recursive: true });

/** @type {import('@vscode/test-electron').TestOptions & { launchArgs: string[] }} */
const options = {
  extensionDevelopmentPath: REPO_ROOT,
  extensionTestsPath: SUITE,
  launchArgs: [workspace],
};
if (mode === 'code-server') {
  // git keeps the executable bit, but a copy made some other way might not have it.
  try {
    accessSync(FAKE_CODE, constants.X_OK);
  } catch {
    chmodSync(FAKE_CODE, 0o755);
  }
  options.vscodeExecutablePath = FAKE_CODE;
} else {
  options.version = process.env.PAPERS_VSCODE_VERSION ?? '1.100.3';
  options.launchArgs.push('--disable-extensions');
}

const started = Date.now();
console.log(
  `[test:vscode] running ${SUITE.slice(REPO_ROOT.length + 1)} in ${mode === 'desktop' ? `desktop VS Code ${options.version}` : 'code-server'} on ${workspace}`,
);
let code = 1;
try {
  code = await runTests(options);
} catch (e) {
  console.error(`[test:vscode] ${/** @type {Error} */ (e).message ?? e}`);
} finally {
  rmSync(workspace, { recursive: true, force: true });
}
console.log(`[test:vscode] ${code === 0 ? 'passed' : 'FAILED'} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
process.exit(code);
