#!/usr/bin/env node
// `npm start` (after the build): opens a VS Code with this extension loaded from the repo, on the folder
// PAPERS_WORKSPACE or else .vscode-test/seeds-workspace/ (git-ignored, created empty: the extension then
// shows its bundled seeds).
// With a desktop `code` on PATH it runs `code --extensionDevelopmentPath=<repo> <folder>`; otherwise (these
// machines) it serves code-server on 127.0.0.1 and prints the URL, until Ctrl-C.
// PAPERS_START=code-server forces code-server; PAPERS_PORT=<n> picks its port.
import { spawnSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { startCodeServer } from './codeServer.mjs';
import { REPO_ROOT, setup } from './setup.mjs';

const workspace = resolve(process.env.PAPERS_WORKSPACE ?? join(REPO_ROOT, '.vscode-test', 'seeds-workspace'));
mkdirSync(workspace, { recursive: true });

const hasDesktopCode =
  process.env.PAPERS_START !== 'code-server' &&
  spawnSync('sh', ['-c', 'command -v code'], { stdio: 'ignore' }).status === 0;

if (hasDesktopCode) {
  console.log(`[start] code --extensionDevelopmentPath=${REPO_ROOT} ${workspace}`);
  const r = spawnSync('code', [`--extensionDevelopmentPath=${REPO_ROOT}`, workspace], { stdio: 'inherit' });
  process.exit(r.status ?? 1);
}

try {
  setup();
} catch (e) {
  console.error(`[start] setup failed: ${/** @type {Error} */ (e).message}`);
  process.exit(1);
}
const port = process.env.PAPERS_PORT ? Number(process.env.PAPERS_PORT) : undefined;
const server = await startCodeServer({ logName: 'start-code-server', port }).catch((e) => {
  console.error(`[start] ${e.message}`);
  process.exit(1);
});
const url = server.workbenchUrl({ folder: workspace, extensionDevelopmentPath: REPO_ROOT });

console.log(`
  VS Code (code-server) with Papers loaded from ${REPO_ROOT}
  workspace: ${workspace}

      ${url}

  Open it in a browser on this machine (from elsewhere: ssh -L ${server.port}:127.0.0.1:${server.port} <host>).
  After changing the code: npm run build, then "Developer: Reload Window".
  Server log: ${server.logFile}
  Ctrl-C stops it.
`);

let stopping = false;
/** @param {number} code */
async function stop(code) {
  if (stopping) return;
  stopping = true;
  console.log('\n[start] stopping code-server');
  await server.stop();
  process.exit(code);
}
process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));
process.on('SIGHUP', () => stop(0));
const watch = setInterval(() => {
  if (server.exited) {
    clearInterval(watch);
    console.error(
      `[start] code-server exited on its own (code ${server.exited.code ?? server.exited.signal}); see ${server.logFile}`,
    );
    stop(1);
  }
}, 1000);
