// Running the built CLI (dist/cli.js, made by `npm run build`) as a user would. For test/slow only: nothing runs
// at import, but every call starts a process.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { repoRoot } from './repoRoot';
import { FORMAT_FIXTURES } from './formatFixtures';

/** The built CLI. */
export const cli = join(repoRoot(), 'dist', 'cli.js');

/** One collection in every format the CLI reads, with the same papers (test/fixtures/formats). */
export const FORMAT_FILES = ['quasars.txt', 'quasars.bib', 'quasars.json', 'quasars.jsonl', 'quasars.xml'].map((f) =>
  join(FORMAT_FIXTURES, f),
);

/** `papers ...args` with this Node, from the test's working folder. */
export const papers = (...args: string[]) =>
  spawnSync(process.execPath, [cli, ...args], { encoding: 'utf8', maxBuffer: 256 * 2 ** 20 });

/** The non-empty lines the CLI wrote to stderr. */
export const stderrLines = (stderr: string) => stderr.trim().split('\n').filter(Boolean);
