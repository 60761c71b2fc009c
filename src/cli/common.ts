import { readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { Analysis } from '../core/analysis';
import { loadCorpus } from '../core/collections';
import { formatProblem, LoadProblem } from '../core/common';
import { nodeFileSource } from '../node/files/nodeFileSource';
import { analyzeInParallel } from '../node/analysis/parallel';

/** A user error: printed as one line; exit code 2 (usage) or 1 (input). */
export class CliError extends Error {
  constructor(
    message: string,
    readonly code = 2,
  ) {
    super(message);
  }
}

/** Parsed command line of one command: flags by name, the rest as positionals. */
export interface CliArgs {
  values: Record<string, string | boolean | undefined>;
  positionals: string[];
}

/** One `papers <name>` command. */
export interface CliCommand {
  name: string;
  usage: string;
  /** node:util parseArgs options of this command. */
  options: Record<string, { type: 'string' | 'boolean'; short?: string }>;
  run(args: CliArgs, io: CliIo): Promise<number>;
}

export interface CliIo {
  out(text: string): void;
  err(text: string): void;
  cwd: string;
}

/** The seeds shipped with the extension: dist/cli.js -> ../seeds. */
export function bundledSeeds(): string[] {
  const dir = resolve(__dirname, '..', 'seeds');
  return readdirSync(dir)
    .filter((f) => f.endsWith('.txt'))
    .sort()
    .map((f) => join(dir, f));
}

/** Loads and analyzes the given files, or the bundled seeds when none are given. */
export async function analyzeFiles(files: string[]): Promise<Analysis> {
  const paths = files.length ? files : bundledSeeds();
  // dist/cli.js runs the titles and keywords on dist/textFeaturesWorker.js
  return analyzeInParallel(await loadCorpus(paths, nodeFileSource), join(__dirname, 'textFeaturesWorker.js'), {
    indexOnFirstSearch: true, // `analyze` and `export` never search: at 100k the index is 8 s of one thread
  });
}

/** Problems go to stderr as file:line: message; any problem makes the exit code 1. */
export function reportProblems(problems: LoadProblem[], io: CliIo): number {
  for (const p of problems) io.err(`${formatProblem(p)}\n`);
  return problems.length ? 1 : 0;
}
