#!/usr/bin/env node
// Runs the UI scenarios in test/vscode/ui/scenarios/*.mjs against a real VS Code (code-server) in headless
// Chromium, with the extension loaded from this repo as a development extension.
//
// A scenario file exports `scenarios`: an array of { name, run(ui), prepare?(workspace), skip?(), extensionPath?() }.
// `prepare` writes into the workspace folder before the window opens it (settings the extension must see when it
// starts); `extensionPath` gives the folder to load the extension from instead of this repo. `skip`
// returns why the scenario cannot run on this machine (data it needs is absent), or nothing: a skipped scenario is
// reported as SKIPPED with that reason and counted apart, never as passed (PAPERS_UI_NO_SKIP=1 fails it). `ui` holds:
//   page        the Playwright page showing the workbench (already loaded, extension host connected)
//   runCommand  (title) => runs a command through the F1 palette by its label, e.g. "Papers: Search Papers"
//   shot        (name) => saves test-results/screenshots/<scenario>--<name>.png and returns its path
//   workspace   the folder the window has open: a fresh copy of test/vscode/fixtures/workspace
//   manifest    this extension's package.json
//   server      the code-server handle (baseUrl, workbenchUrl(), logFile)
//   holdAnalysisFile  while this file exists, a finished analysis waits before it is answered and a restore
//               before its papers are decoded (to look at the states in between on a fast machine; see holdAnalysis.cjs)
// Scenarios share one server and one browser context (its cache makes later windows load faster); each gets
// its own window (page, extension host) and workspace folder.
// PAPERS_UI_GREP=<text> runs only the scenarios whose name contains <text>.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { RESULTS_DIR, launchBrowser, startCodeServer } from '../codeServer.mjs';
import { REPO_ROOT } from '../setup.mjs';
import { runCommand, waitForWorkbench } from './workbench.mjs';
/** @typedef {import('../types.js').Scenario & { file: string }} LoadedScenario */

const HERE = dirname(fileURLToPath(import.meta.url));
const SCENARIO_DIR = join(HERE, 'scenarios');
const FIXTURE = join(REPO_ROOT, 'test', 'vscode', 'fixtures', 'workspace');
const SHOTS_DIR = join(RESULTS_DIR, 'screenshots');
const SCENARIO_TIMEOUT_MS = Number(process.env.PAPERS_UI_TIMEOUT_MS ?? 300_000);
/** Retries of a failed scenario (PAPERS_UI_RETRIES, default 1); 0 makes the first failure final. */
const RETRIES = Number(process.env.PAPERS_UI_RETRIES ?? 1);

/**
 * @param {string} s
 * @param {string} s
 */
const slug = (s) =>
  s
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
/**
 * @param {number} since
 * @param {number} since
 */
const secs = (since) => `${((Date.now() - since) / 1000).toFixed(1)} s`;

/** @returns {Promise<LoadedScenario[]>} */
async function loadScenarios() {
  const grep = process.env.PAPERS_UI_GREP;
  /** @type {LoadedScenario[]} */
  const all = [];
  for (const file of readdirSync(SCENARIO_DIR)
    .filter((f) => f.endsWith('.mjs'))
    .sort()) {
    const mod = await import(pathToFileURL(join(SCENARIO_DIR, file)).href);
    if (!Array.isArray(mod.scenarios)) throw new Error(`${file} must export \`scenarios\`, an array of { name, run }`);
    for (const s of mod.scenarios) all.push({ ...s, file });
  }
  return grep ? all.filter((s) => s.name.includes(grep)) : all;
}

/**
 * @template T
 * @param {Promise<T>} promise
 * @param {number} ms
 * @param {string} what
 * @returns {Promise<T>}
 */
function withTimeout(promise, ms, what) {
  /** @type {NodeJS.Timeout | undefined} */
  let timer;
  return Promise.race([
    promise,
    new Promise((_, reject) => {
      timer = setTimeout(() => reject(new Error(`${what} did not finish within ${ms / 1000} s`)), ms);
    }),
  ]).finally(() => clearTimeout(timer));
}

/** @type {import('../types.js').CodeServer | undefined} */
let server;
/** @type {string} */
let holdAnalysisFile = '';
/** @type {import('../types.js').Browser} */
let browser;
/** @type {import('../types.js').BrowserContext} */
let context;
/** @type {string | undefined} */
let workspace; // the current scenario's folder
/** @type {Promise<void> | undefined} */
let cleaning;
function cleanUp() {
  cleaning ??= (async () => {
    await browser?.close().catch(() => {});
    await server?.stop();
    if (workspace) rmSync(workspace, { recursive: true, force: true });
    if (holdAnalysisFile) rmSync(dirname(holdAnalysisFile), { recursive: true, force: true });
  })();
  return cleaning;
}
for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(sig, () => {
    if (!cleaning) console.error(`\n[test:ui] ${sig}, shutting down`);
    cleanUp().finally(() => process.exit(130));
  });
}

/**
 * @param {LoadedScenario} scenario
 * @param {unknown} manifest
 * @param {number} [attempt]
 */
async function runScenario(scenario, manifest, attempt = 1) {
  const started = Date.now();
  const name = slug(scenario.name);
  // a retry keeps the failed attempt's screenshots (FAILED included) under "<name>--attempt-N--"
  for (const f of readdirSync(SHOTS_DIR)) {
    if (!f.startsWith(`${name}--`)) continue;
    if (attempt === 1) rmSync(join(SHOTS_DIR, f));
    else if (!f.startsWith(`${name}--attempt-`))
      renameSync(join(SHOTS_DIR, f), join(SHOTS_DIR, `${name}--attempt-${attempt - 1}--${f.slice(name.length + 2)}`));
  }
  if (!server) throw new Error('a scenario ran before code-server started');
  workspace = mkdtempSync(join(tmpdir(), 'papers-ui-workspace-'));
  cpSync(FIXTURE, workspace, { recursive: true });
  await scenario.prepare?.(workspace);
  const page = await context.newPage();
  // Generous: on a loaded 2-core CI machine a page load took over 15 s (a wait that passes early costs nothing).
  page.setDefaultTimeout(45_000);
  page.setDefaultNavigationTimeout(120_000);
  /** @type {string[]} */
  const pageErrors = [];
  page.on('pageerror', (/** @type {Error} */ e) => pageErrors.push(e.message));
  /** @type {string[]} */
  const shots = [];
  /** @param {string} shotName */
  const shot = async (shotName) => {
    const file = join(SHOTS_DIR, `${name}--${slug(shotName)}.png`);
    await page.screenshot({ path: file });
    shots.push(relative(REPO_ROOT, file));
    return file;
  };
  try {
    // a scenario may load another build of the extension (the web scenario: the manifest without `main`)
    const extensionDevelopmentPath = scenario.extensionPath?.() ?? REPO_ROOT;
    await page.goto(server.workbenchUrl({ folder: workspace, extensionDevelopmentPath }));
    await waitForWorkbench(page);
    await withTimeout(
      scenario.run({
        page,
        runCommand: (/** @type {string} */ title) => runCommand(page, title),
        shot,
        workspace,
        manifest,
        server,
        holdAnalysisFile,
      }),
      SCENARIO_TIMEOUT_MS,
      `scenario "${scenario.name}"`,
    );
    console.log(`  ✔ ${scenario.name} (${secs(started)})`);
    return true;
  } catch (e) {
    if (cleaning) return false; // interrupted: the error is the shutdown, not the scenario
    await shot('FAILED').catch(() => {});
    console.log(`  ✘ ${scenario.name} (${secs(started)})`);
    console.log(
      `      ${String(/** @type {Error} */ (e).stack ?? e)
        .split('\n')
        .join('\n      ')}`,
    );
    if (pageErrors.length) console.log(`      page errors: ${pageErrors.join(' | ')}`);
    return false;
  } finally {
    if (shots.length && !cleaning) console.log(`      screenshots: ${shots.join(', ')}`);
    await page.close().catch(() => {});
    rmSync(workspace, { recursive: true, force: true });
    rmSync(holdAnalysisFile, { force: true }); // a scenario that failed while holding must not hold the next one
    workspace = undefined;
  }
}

async function main() {
  const started = Date.now();
  if (!process.env.PAPERS_SKIP_BUILD) {
    const build = spawnSync(process.execPath, ['scripts/build.mjs'], { cwd: REPO_ROOT, stdio: 'inherit' });
    if (build.status !== 0) throw new Error('the extension build failed (see above)');
  }
  const manifest = JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8'));
  const scenarios = await loadScenarios();
  if (!scenarios.length)
    throw new Error(
      `no scenarios${process.env.PAPERS_UI_GREP ? ` match PAPERS_UI_GREP="${process.env.PAPERS_UI_GREP}"` : ''} in ${SCENARIO_DIR}`,
    );
  mkdirSync(SHOTS_DIR, { recursive: true });

  // a scenario creates this file to hold analyses back: holdAnalysis.cjs, preloaded in the server's Node processes
  holdAnalysisFile = join(mkdtempSync(join(tmpdir(), 'papers-ui-hold-')), 'hold-analysis');
  const nodeOptions = [process.env.NODE_OPTIONS, `--require ${JSON.stringify(join(HERE, 'holdAnalysis.cjs'))}`]
    .filter(Boolean)
    .join(' ');
  server = await startCodeServer({
    logName: 'ui-code-server',
    env: { PAPERS_TEST_HOLD_ANALYSIS: holdAnalysisFile, NODE_OPTIONS: nodeOptions },
  });
  browser = await launchBrowser();
  context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  console.log(
    `[test:ui] code-server ${server.baseUrl} and Chromium ready in ${secs(started)}; ${scenarios.length} scenario(s)`,
  );
  let passed = 0;
  let failed = 0;
  const retried = [];
  const skipped = [];
  for (const s of scenarios) {
    const why = s.skip?.();
    if (why && process.env.PAPERS_UI_NO_SKIP) {
      console.log(`  ✘ ${s.name}: cannot run (PAPERS_UI_NO_SKIP is set): ${why}`);
      failed++;
      continue;
    }
    if (why) {
      console.log(`  - SKIPPED ${s.name}: ${why}`);
      skipped.push(s.name);
      continue;
    }
    let ok = await runScenario(s, manifest);
    // One retry, reported: a scenario that fails twice fails the run; one that needed the retry is named.
    for (let attempt = 1; !ok && !cleaning && attempt <= RETRIES; attempt++) {
      console.log(`  ↻ retrying "${s.name}" (attempt ${attempt + 1})`);
      ok = await runScenario(s, manifest, attempt + 1);
      if (ok) retried.push(s.name);
    }
    if (ok) passed++;
    else failed++;
  }
  const flaky = retried.length ? `; passed only on retry: ${retried.map((n) => `"${n}"`).join(', ')}` : '';
  const notRun = skipped.length ? `, ${skipped.length} SKIPPED (${skipped.map((n) => `"${n}"`).join(', ')})` : '';
  console.log(
    `[test:ui] ${passed} passed, ${failed} failed${notRun} in ${secs(started)}${flaky}${failed ? ` (code-server log: ${relative(REPO_ROOT, server.logFile)})` : ''}`,
  );
  return failed ? 1 : 0;
}

let code = 1;
try {
  code = await main();
} catch (e) {
  if (!cleaning) console.error(`[test:ui] error: ${/** @type {Error} */ (e).stack ?? e}`); // after Ctrl-C, failures are just the shutdown
} finally {
  await cleanUp();
}
process.exit(code);
