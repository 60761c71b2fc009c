// Builds the extension, the CLI and the webview script with esbuild.
// `--tests` also transpiles src/ and test/ file by file into out/ for node:test and the VS Code suites.
import { build } from 'esbuild';
import { chmodSync, readdirSync, statSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { execFileSync } from 'node:child_process';
import { CLI_NODE_FLAGS } from './cliNodeFlags.mjs';

const args = new Set(process.argv.slice(2));
const production = args.has('--production');
// citation-js's network fetching is never used: its fetch libraries become a stub
const alias = { 'node-fetch': './scripts/stubs/no-fetch.cjs', 'sync-fetch': './scripts/stubs/no-fetch.cjs' };
const common = { alias, bundle: true, platform: 'node', target: 'node20', format: 'cjs', sourcemap: !production, minify: production, logLevel: 'warning' };

function tsFiles(dir) {
  const out = [];
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) out.push(...tsFiles(p));
    else if (p.endsWith('.ts') && !p.endsWith('.d.ts')) out.push(p);
  }
  return out;
}

await Promise.all([
  build({ ...common, entryPoints: ['src/extension.ts'], outfile: 'dist/extension.js', external: ['vscode'] }),
  build({ ...common, entryPoints: ['src/node/analysis/worker.ts'], outfile: 'dist/analysisWorker.js' }),
  build({ ...common, entryPoints: ['src/node/analysis/textFeaturesWorker.ts'], outfile: 'dist/textFeaturesWorker.js' }),
  build({ ...common, entryPoints: ['scripts/seedsSnapshot.ts'], outfile: 'dist/seedsSnapshot.js' }),
  build({ ...common, entryPoints: ['src/cli.ts'], outfile: 'dist/cli.js', banner: { js: `#!/usr/bin/env -S node ${CLI_NODE_FLAGS.join(' ')}` } }),
  build({ ...common, entryPoints: ['src/webview/page/main.ts'], outfile: 'media/dist/page.js', platform: 'browser', format: 'iife', target: 'es2022' }),
]);

// the CLI runs as a program too (`./dist/cli.js`, through its shebang), as npm's bin link runs it
chmodSync('dist/cli.js', 0o755);

// the bundled seeds, analyzed once at build time (see scripts/seedsSnapshot.ts)
execFileSync(process.execPath, ['dist/seedsSnapshot.js'], { stdio: 'inherit' });

if (args.has('--tests')) {
  rmSync('out', { recursive: true, force: true });
  await build({
    entryPoints: [...tsFiles('src'), ...tsFiles('test')],
    outdir: 'out', outbase: '.', bundle: false, platform: 'node', target: 'node20', format: 'cjs', sourcemap: 'inline', logLevel: 'warning',
  });
}
