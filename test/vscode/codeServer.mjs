// Starts a real VS Code (code-server, installed by setup.mjs) and a headless Chromium to drive it.
// Each server gets fresh temporary user-data/extensions/config folders, and stop() ends the whole process
// tree it started (code-server leaves its extension host and file watcher running if only its own pid is
// signalled). Processes are only ever ended by id, never by name.
import { spawn } from 'node:child_process';
import {
  createWriteStream,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CACHE_DIR, CHROMIUM_PATH, REPO_ROOT, codeServerEntry } from './setup.mjs';
/** @typedef {import('./types.js').CodeServer} CodeServer */
/** @typedef {Map<number, string>} ProcessSet pid -> its start time (so a reused pid is not mistaken for it) */

export const RESULTS_DIR = join(REPO_ROOT, 'test-results');

const USER_SETTINGS = {
  'workbench.startupEditor': 'none',
  'security.workspace.trust.enabled': false,
  'telemetry.telemetryLevel': 'off',
  'extensions.autoUpdate': false,
  'extensions.autoCheckUpdates': false,
  'extensions.ignoreRecommendations': true,
  'git.enabled': false,
  'update.mode': 'none',
  'workbench.tips.enabled': false,
};

/** @param {number} ms */
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** @returns {Promise<number>} */
function freePort() {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = /** @type {import('node:net').AddressInfo} */ (srv.address());
      srv.close(() => resolve(port));
    });
  });
}

/**
 * The environment for child processes, without variables that would tie them to a VS Code we run inside.
 * @param {Record<string, string | undefined>} [extra]
 */
export function cleanEnv(extra = {}) {
  const env = { ...process.env, ...extra };
  for (const k of Object.keys(env)) if (k.startsWith('VSCODE_') || k === 'ELECTRON_RUN_AS_NODE') delete env[k];
  return env;
}

/**
 * Starts code-server on a free 127.0.0.1 port and waits until /healthz answers.
 * options.settings are merged over the defaults; options.logName names the server log under test-results/logs/;
 * options.port asks for a fixed port instead of a free one; options.workspaceTrust turns workspace trust on (a new
 * folder then opens in Restricted Mode until trusted).
 * @param {{ settings?: object, logName?: string, env?: Record<string, string>, port?: number, timeoutMs?: number,
 *   workspaceTrust?: boolean }} [options]
 * @returns {Promise<CodeServer>}
 */
export async function startCodeServer({
  settings = {},
  logName = 'code-server',
  env = {},
  port: fixedPort,
  timeoutMs = 60_000,
  workspaceTrust = false,
} = {}) {
  const tmp = mkdtempSync(join(tmpdir(), 'papers-code-server-'));
  const userData = join(tmp, 'user-data');
  const extensions = join(tmp, 'extensions');
  const config = join(tmp, 'config.yaml');
  mkdirSync(join(userData, 'User'), { recursive: true });
  mkdirSync(extensions);
  writeFileSync(
    join(userData, 'User', 'settings.json'),
    JSON.stringify({ ...USER_SETTINGS, 'security.workspace.trust.enabled': workspaceTrust, ...settings }, null, 2),
  );
  writeFileSync(config, 'auth: none\ncert: false\n');
  mkdirSync(join(RESULTS_DIR, 'logs'), { recursive: true });
  const logFile = join(RESULTS_DIR, 'logs', `${logName}.log`);

  for (let attempt = 1; ; attempt++) {
    const port = fixedPort ?? (await freePort());
    const log = createWriteStream(logFile);
    const child = spawn(
      process.execPath,
      [
        codeServerEntry(),
        '--auth',
        'none',
        '--bind-addr',
        `127.0.0.1:${port}`,
        '--disable-telemetry',
        '--disable-update-check',
        ...(workspaceTrust ? [] : ['--disable-workspace-trust']),
        '--disable-getting-started-override',
        '--user-data-dir',
        userData,
        '--extensions-dir',
        extensions,
        '--config',
        config,
      ],
      { cwd: tmp, env: cleanEnv(env), stdio: ['ignore', 'pipe', 'pipe'], detached: true },
    );
    child.stdout.pipe(log);
    child.stderr.pipe(log);
    let exited = /** @type {CodeServer['exited']} */ (null);
    child.on('exit', (code, signal) => {
      exited = { code, signal };
    });

    const server = {
      port,
      pid: /** @type {number} */ (child.pid), // set: the server answered
      baseUrl: `http://127.0.0.1:${port}`,
      logFile,
      /** The page URL that opens `folder` with the given extension development/test paths loaded. */
      workbenchUrl: (opts = {}) => workbenchUrl(port, opts),
      get exited() {
        return exited;
      },
      async stop() {
        await killTree(child.pid);
        await new Promise((r) => log.end(r));
        rmSync(tmp, { recursive: true, force: true });
      },
    };

    const deadline = Date.now() + timeoutMs;
    while (!exited && Date.now() < deadline) {
      try {
        const res = await fetch(`${server.baseUrl}/healthz`, { signal: AbortSignal.timeout(2000) });
        if (res.ok) return server;
      } catch {
        /* not listening yet */
      }
      await sleep(150);
    }
    await killTree(child.pid);
    await new Promise((r) => log.end(r));
    const why = exited
      ? `exited (code ${exited.code ?? exited.signal})`
      : `did not answer /healthz within ${timeoutMs / 1000} s`;
    const text = readFileSync(logFile, 'utf8');
    // Another process can grab the port between freePort() and code-server's listen(): try another one.
    if (exited && /EADDRINUSE/.test(text) && !fixedPort && attempt < 3) continue;
    rmSync(tmp, { recursive: true, force: true });
    throw new Error(`code-server ${why}; its log (${logFile}):\n${text.split('\n').slice(-25).join('\n')}`);
  }
}

/**
 * The workbench URL. Paths are absolute paths on this machine; the payload makes the web workbench behave
 * like `code --extensionDevelopmentPath=… --extensionTestsPath=…`.
 * @param {number} port
 * @param {import('./types.js').WorkbenchUrlOptions} [options]
 */
export function workbenchUrl(port, { folder, extensionDevelopmentPath, extensionTestsPath, skipWelcome = true } = {}) {
  /** @param {string} p */
  const remote = (p) => `vscode-remote://127.0.0.1:${port}${p}`;
  const payload = [];
  if (extensionDevelopmentPath) payload.push(['extensionDevelopmentPath', remote(extensionDevelopmentPath)]);
  if (extensionTestsPath) payload.push(['extensionTestsPath', remote(extensionTestsPath)]);
  if (skipWelcome) payload.push(['skipWelcome', 'true']);
  const params = new URLSearchParams();
  if (folder) params.set('folder', folder);
  if (payload.length) params.set('payload', JSON.stringify(payload));
  return `http://127.0.0.1:${port}/?${params}`;
}

/** Headless Chromium through playwright-core from the setup cache (never its own browser download). */
export async function launchBrowser() {
  const { chromium } = createRequire(join(CACHE_DIR, 'package.json'))('playwright-core');
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    // Our own SIGINT/SIGTERM handlers shut the browser and the server down in order; Playwright's would exit
    // the process before code-server is stopped.
    handleSIGINT: false,
    handleSIGTERM: false,
    handleSIGHUP: false,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/** pid -> { ppid, pgid, start } for every live process, from /proc. */
function processTable() {
  const table = new Map();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    let stat;
    try {
      stat = readFileSync(`/proc/${name}/stat`, 'utf8');
    } catch {
      continue;
    } // gone meanwhile
    // The command name (field 2) may contain spaces and parentheses: parse after its last ')'.
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (f[0] === 'Z') continue; // a zombie is already dead; its parent reaps it
    table.set(Number(name), { ppid: Number(f[1]), pgid: Number(f[2]), start: f[19] });
  }
  return table;
}

/** The process `root` and everything it started: its descendants, plus members of its process group
 *  (they stay in the group even after a parent dies and they are re-parented). */
/** @param {number} root */
function treeOf(root, table = processTable()) {
  const found = new Map();
  if (table.has(root)) found.set(root, table.get(root).start);
  for (const [pid, p] of table) if (p.pgid === root && pid !== process.pid) found.set(pid, p.start);
  let grew = true;
  while (grew) {
    grew = false;
    for (const [pid, p] of table) {
      if (!found.has(pid) && found.has(p.ppid)) {
        found.set(pid, p.start);
        grew = true;
      }
    }
  }
  return found;
}

/**
 * The live processes `root` started (its tree, see treeOf), each with its command line.
 * @param {number} root
 */
export function processesUnder(root) {
  const found = [];
  for (const pid of treeOf(root).keys()) {
    if (pid === root) continue;
    try {
      found.push({ pid, cmd: readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ') });
    } catch {
      /* gone */
    }
  }
  return found;
}

/**
 * @param {ProcessSet} procs
 * @param {NodeJS.Signals} sig
 */
function signal(procs, sig) {
  const table = processTable();
  for (const [pid, start] of procs) {
    // Same pid and same start time: still the process we meant, not a new one that reused its pid.
    if (table.get(pid)?.start !== start) continue;
    try {
      process.kill(pid, sig);
    } catch {
      /* already gone */
    }
  }
}

/** @param {ProcessSet} procs */
const alive = (procs) => {
  const table = processTable();
  return [...procs].filter(([pid, start]) => table.get(pid)?.start === start);
};

/**
 * Ends `root` and all its descendants: SIGTERM, up to `graceMs` to exit, then SIGKILL for what is left.
 * @param {number | undefined} root
 */
export async function killTree(root, graceMs = 3000) {
  if (!root) return;
  const procs = treeOf(root);
  if (!procs.size) return;
  signal(procs, 'SIGTERM');
  const deadline = Date.now() + graceMs;
  while (Date.now() < deadline) {
    // Children started while we waited belong to the tree too.
    for (const [pid, start] of treeOf(root)) procs.set(pid, start);
    if (!alive(procs).length) return;
    await sleep(100);
  }
  for (const [pid, start] of treeOf(root)) procs.set(pid, start);
  signal(procs, 'SIGKILL');
  for (let i = 0; i < 20 && alive(procs).length; i++) await sleep(50);
}

/**
 * The Papers log of the server's newest extension host (modified at or after `after`, ms), under its user-data folder.
 * @param {number} serverPid
 * @param {number} after
 */
export function papersLog(serverPid, after) {
  const args = readFileSync(`/proc/${serverPid}/cmdline`, 'utf8').split('\0');
  const userData = args[args.indexOf('--user-data-dir') + 1];
  /** @type {string[]} */
  const logs = [];
  /** @param {string} dir */
  const walk = (dir) => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      const p = join(dir, e.name);
      if (e.isDirectory()) walk(p);
      else if (e.name === 'Papers.log' && statSync(p).mtimeMs >= after) logs.push(p);
    }
  };
  try {
    walk(join(userData, 'logs'));
  } catch {
    /* not yet */
  }
  return logs.sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs)[0];
}
