// Builds the extension, the CLI and the webview script with esbuild.
// `--tests` also transpiles src/ and test/ file by file into out/ for node:test and the VS Code suites.
// `--watch` builds, then rebuilds what a saved file changes until Ctrl-C (`npm run watch`, the F5 task in
// .vscode/tasks.json): it prints "[watch] build started/finished" around each round and every problem as
// "✘ [ERROR] message" + "    file:line:column:", the lines that task's problem matcher reads.
import { build, context } from 'esbuild';
import {
  chmodSync,
  copyFileSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  statSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { dirname, join } from 'node:path';
import { execFile, execFileSync } from 'node:child_process';
import { promisify } from 'node:util';
import { CLI_NODE_FLAGS } from './cliNodeFlags.mjs';

const args = new Set(process.argv.slice(2));
const production = args.has('--production');
const watch = args.has('--watch');
// citation-js's network fetching is never used: its fetch libraries become a stub
const alias = { 'node-fetch': './scripts/stubs/no-fetch.cjs', 'sync-fetch': './scripts/stubs/no-fetch.cjs' };
/** @type {import('esbuild').BuildOptions} */
const common = {
  alias,
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'cjs',
  sourcemap: !production,
  minify: production,
  logLevel: 'warning',
};

/**
 * @param {string} dir
 * @returns {string[]}
 */
function tsFiles(dir) {
  const out = [];
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) out.push(...tsFiles(p));
    else if (p.endsWith('.ts') && !p.endsWith('.d.ts')) out.push(p);
  }
  return out;
}

/** The JSON data that src/ imports (the field model), beside the transpiled files that require it. */
function copyJsonData() {
  for (const file of jsonFiles('src')) {
    mkdirSync(join('out', dirname(file)), { recursive: true });
    copyFileSync(file, join('out', file));
  }
}

/**
 * @param {string} dir
 * @returns {string[]}
 */
function jsonFiles(dir) {
  const out = [];
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) out.push(...jsonFiles(p));
    else if (p.endsWith('.json')) out.push(p);
  }
  return out;
}

/**
 * KaTeX's stylesheet and fonts for the paper view (its script is in media/dist/page.js), served from the extension
 * because the page's CSP allows nothing from the network. Only the woff2 fonts: every engine a webview runs in reads
 * them, and the stylesheet is rewritten to name no other format, so the package carries a third of the bytes.
 */
function copyKatex() {
  const from = join('node_modules', 'katex', 'dist');
  const to = join('media', 'katex');
  rmSync(to, { recursive: true, force: true });
  mkdirSync(join(to, 'fonts'), { recursive: true });
  const css = readFileSync(join(from, 'katex.min.css'), 'utf8').replace(
    /,url\(fonts\/[\w-]+\.(?:woff|ttf)\) format\("(?:woff|truetype)"\)/g,
    '',
  );
  if (/\.(?:woff|ttf)\)/.test(css))
    throw new Error('build: katex.min.css names fonts other than woff2 in a way not handled');
  writeFileSync(join(to, 'katex.min.css'), css);
  // its MIT license travels with the files (and the script in page.js)
  copyFileSync(join('node_modules', 'katex', 'LICENSE'), join(to, 'LICENSE'));
  for (const font of readdirSync(join(from, 'fonts')).filter((f) => f.endsWith('.woff2')))
    copyFileSync(join(from, 'fonts', font), join(to, 'fonts', font));
}

const SEEDS_SNAPSHOT = ['dist/seedsSnapshot.js'];
/** @type {import('esbuild').BuildOptions[]} */
const bundles = [
  { ...common, entryPoints: ['src/extension.ts'], outfile: 'dist/extension.js', external: ['vscode'] },
  { ...common, entryPoints: ['src/node/analysis/worker.ts'], outfile: 'dist/analysisWorker.js' },
  { ...common, entryPoints: ['src/node/analysis/textFeaturesWorker.ts'], outfile: 'dist/textFeaturesWorker.js' },
  { ...common, entryPoints: ['scripts/seedsSnapshot.ts'], outfile: 'dist/seedsSnapshot.js' },
  {
    ...common,
    entryPoints: ['src/cli.ts'],
    outfile: 'dist/cli.js',
    banner: { js: `#!/usr/bin/env -S node ${CLI_NODE_FLAGS.join(' ')}` },
  },
  {
    ...common,
    entryPoints: ['src/webview/page/main.ts'],
    outfile: 'media/dist/page.js',
    platform: 'browser',
    format: 'iife',
    target: 'es2022',
  },
];
// The web build (package.json `browser`): the extension for the browser's extension host, a CommonJS module as VS
// Code web extensions are, and the analysis worker it starts from a blob: URL (src/web/analysisWorker.ts). Nothing
// in them may import node: test/unit/web/webBundle.test.ts reads them.
/** @type {import('esbuild').BuildOptions} */
const web = { ...common, platform: 'browser', target: 'es2022' };
/** @type {import('esbuild').BuildOptions[]} */
const webBundles = [
  { ...web, entryPoints: ['src/extension.web.ts'], outfile: 'dist/web/extension.js', external: ['vscode'] },
  { ...web, entryPoints: ['src/web/analysisWorker.ts'], outfile: 'dist/web/analysisWorker.js', format: 'iife' },
];
bundles.push(...webBundles);
/** @returns {import('esbuild').BuildOptions} */
const tests = () => ({
  entryPoints: [...tsFiles('src'), ...tsFiles('test'), ...tsFiles('scripts/lib')],
  outdir: 'out',
  outbase: '.',
  bundle: false,
  platform: 'node',
  target: 'node20',
  format: 'cjs',
  sourcemap: 'inline',
  logLevel: 'warning',
});

copyKatex();

if (!watch) {
  await Promise.all(bundles.map((options) => build(options)));

  // the CLI runs as a program too (`./dist/cli.js`, through its shebang), as npm's bin link runs it
  chmodSync('dist/cli.js', 0o755);

  // the bundled seeds, analyzed once at build time (see scripts/seedsSnapshot.ts)
  execFileSync(process.execPath, SEEDS_SNAPSHOT, { stdio: 'inherit' });

  if (args.has('--tests')) {
    rmSync('out', { recursive: true, force: true });
    await build(tests());
    copyJsonData();
  }
} else {
  // One round of rebuilds can touch several bundles (a core file is in most of them): "started" when the first
  // begins, "finished" when the last ends, so the F5 task waits for all of them.
  // A problem in a shared file is reported once per round, not once per bundle that includes it.
  let running = 0;
  const reported = new Set();
  /**
   * @param {(() => unknown) | undefined} afterBuild
   * @returns {import('esbuild').Plugin}
   */
  const report = (afterBuild) => ({
    name: 'watch-report',
    setup(b) {
      b.onStart(() => {
        if (running++ === 0) {
          reported.clear();
          console.log('[watch] build started');
        }
      });
      b.onEnd(async (result) => {
        for (const [mark, kind, messages] of /** @type {[string, string, import('esbuild').Message[]][]} */ ([
          ['✘', 'ERROR', result.errors],
          ['▲', 'WARNING', result.warnings],
        ])) {
          for (const { text, location: at } of messages) {
            const where = at ? `    ${at.file}:${at.line}:${at.column + 1}:\n      ${at.line} │ ${at.lineText}` : '';
            const message = `${mark} [${kind}] ${text}${where ? `\n${where}` : ''}`;
            if (reported.has(message)) continue;
            reported.add(message);
            console.error(message);
          }
        }
        try {
          if (result.errors.length === 0) await afterBuild?.();
        } catch (e) {
          console.error(`✘ [ERROR] ${/** @type {Error} */ (e).message ?? e}`);
        }
        if (--running === 0) console.log('[watch] build finished');
      });
    },
  });
  /** @type {Record<string, () => unknown>} */
  const afterBuild = {
    'dist/cli.js': () => chmodSync('dist/cli.js', 0o755),
    // the snapshot holds the analysis' output: a change to the analysis code makes it again
    'dist/seedsSnapshot.js': () => promisify(execFile)(process.execPath, SEEDS_SNAPSHOT),
  };
  if (args.has('--tests')) {
    rmSync('out', { recursive: true, force: true });
    copyJsonData();
  }
  const all = [...bundles, ...(args.has('--tests') ? [tests()] : [])];
  const contexts = await Promise.all(
    all.map((options) =>
      context({ ...options, logLevel: 'silent', plugins: [report(afterBuild[options.outfile ?? ''])] }),
    ),
  );
  await Promise.all(contexts.map((ctx) => ctx.watch()));
  process.on('SIGINT', () => Promise.all(contexts.map((ctx) => ctx.dispose())).then(() => process.exit(0)));
}
