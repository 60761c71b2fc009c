#!/usr/bin/env node
// Stands in for the `code` executable that @vscode/test-electron launches (its `vscodeExecutablePath`):
// desktop VS Code cannot be downloaded on these machines, so this runs the extension tests in code-server's
// extension host instead, with the workbench opened in headless Chromium. It understands the arguments
// runTests passes: --extensionDevelopmentPath=, --extensionTestsPath= and the folder to open; the others
// (--user-data-dir, --disable-updates, …) are replaced by a fresh code-server profile.
// Exit code: the test suite's (0 = all passed), 1 for a failing suite or a harness error.
import { createWriteStream } from 'node:fs';
import { join, resolve } from 'node:path';
import { format } from 'node:util';
import { RESULTS_DIR, launchBrowser, startCodeServer } from './codeServer.mjs';

const TIMEOUT_MS = Number(process.env.PAPERS_TEST_TIMEOUT_MS ?? 5 * 60_000);
// The workbench's own chatter (start-up steps, slow-start warnings, VS Code's note each time an extension
// reads a folder that does not exist), the failures expected offline (the open-vsx.org marketplace, the vsda
// module) and the suite's rejection (its summary line says the same): kept in the log file only.
const WORKBENCH_NOISE = new RegExp(
  [
    '^Resolving connection token',
    '^Resolved connection token',
    '^Creating a socket',
    '^Updating additional builtin extensions cache',
    '^\\[Service Worker\\]',
    '^ChatSessionStore:',
    '^Creation of workbench contribution',
    '^\\[node\\.js fs\\] readdir with filetypes failed',
    'open-vsx\\.org',
    'vsda',
    '^Error: \\d+ tests? failed\\n',
  ].join('|'),
);

/** @param {string[]} argv */
function parseArgs(argv) {
  /** @type {{ extensionDevelopmentPaths: string[], extensionTestsPath?: string, folder?: string }} */
  const out = { extensionDevelopmentPaths: [], extensionTestsPath: undefined, folder: undefined };
  for (const a of argv) {
    const [flag, ...rest] = a.split('=');
    const value = rest.join('=');
    if (flag === '--extensionDevelopmentPath') out.extensionDevelopmentPaths.push(resolve(value));
    else if (flag === '--extensionTestsPath') out.extensionTestsPath = resolve(value);
    else if (!a.startsWith('-') && out.folder === undefined) out.folder = resolve(a);
  }
  return out;
}

const args = parseArgs(process.argv.slice(2));
if (!args.extensionTestsPath || !args.extensionDevelopmentPaths.length) {
  console.error('fake-code: expected --extensionDevelopmentPath=<dir> and --extensionTestsPath=<suite index>');
  process.exit(2);
}
if (args.extensionDevelopmentPaths.length > 1) {
  console.error(
    `fake-code: only one --extensionDevelopmentPath is supported; using ${args.extensionDevelopmentPaths[0]}`,
  );
}

/** @type {import('./types.js').CodeServer | undefined} */
let server;
/** @type {import('./types.js').Browser} */
let browser;
/** @type {import('node:fs').WriteStream | undefined} */
let workbenchLog;
/** @type {Promise<void> | undefined} */
let cleaning;
function cleanUp() {
  cleaning ??= (async () => {
    await browser?.close().catch(() => {});
    await server?.stop();
    if (workbenchLog) await new Promise((r) => workbenchLog?.end(r));
  })();
  return cleaning;
}
for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(sig, () => {
    if (!cleaning) console.error(`fake-code: ${sig}, shutting down`);
    cleanUp().finally(() => process.exit(130));
  });
}

async function main() {
  server = await startCodeServer({ logName: 'integration-code-server' });
  browser = await launchBrowser();
  const page = await browser.newPage();

  /** @type {(code: number) => void} */
  let settle = () => {};
  /** @type {Promise<number>} */
  const exitCode = new Promise((r) => {
    settle = r;
  });
  // The workbench forwards its log here as console-style argument lists, including the extension host's
  // console (the mocha reporter). All of it goes to the log file; the terminal gets what the tests print.
  workbenchLog = createWriteStream(join(RESULTS_DIR, 'logs', 'integration-workbench.log'));
  await page.exposeFunction('codeAutomationLog', (/** @type {string} */ level, /** @type {unknown} */ args) => {
    const text = format(...(Array.isArray(args) ? args : [args]));
    workbenchLog?.write(`[${level}] ${text}\n`);
    if (WORKBENCH_NOISE.test(text)) return;
    if (level === 'error' || level === 'warn') process.stderr.write(`${text}\n`);
    else process.stdout.write(`${text}\n`);
  });
  await page.exposeFunction('codeAutomationExit', (/** @type {unknown} */ code) => settle(Number(code)));
  page.on('pageerror', (/** @type {Error} */ e) => console.error(`fake-code: page error: ${e.message}`));

  const timer = setTimeout(() => {
    console.error(
      `fake-code: the tests did not finish within ${TIMEOUT_MS / 1000} s (set PAPERS_TEST_TIMEOUT_MS to change)`,
    );
    settle(1);
  }, TIMEOUT_MS);
  const serverWatch = setInterval(() => {
    if (!server?.exited) return;
    console.error(`fake-code: code-server exited during the tests; see ${server.logFile}`);
    settle(1);
  }, 500);
  await page.goto(
    server.workbenchUrl({
      folder: args.folder,
      extensionDevelopmentPath: args.extensionDevelopmentPaths[0],
      extensionTestsPath: args.extensionTestsPath,
    }),
  );
  const code = await exitCode;
  clearTimeout(timer);
  clearInterval(serverWatch);
  return code;
}

let code = 1;
try {
  code = await main();
} catch (e) {
  if (!cleaning) {
    // after Ctrl-C, failures are just the shutdown
    console.error(`fake-code: ${/** @type {Error} */ (e).stack ?? e}`);
    if (server) console.error(`fake-code: code-server log: ${server.logFile}`);
  }
} finally {
  await cleanUp();
}
process.exit(code);
