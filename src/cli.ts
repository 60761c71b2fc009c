import { readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { analyzeCorpus, Analysis } from './core/analyze';
import { loadCorpus } from './core/corpus';
import { LoadProblem } from './core/types';
import { nodeFileSource } from './node/nodeFileSource';

const USAGE = `usage: papers <command> [options]

commands:
  analyze [files...] [--json]                   themes and titles of the papers (default: the bundled seeds)
  search [files...] --query "…" [--limit N] [--json]
                                                ranked search; filter words theme: and collection:
  help                                          this text

Files are Daily Papers dumps (a "Daily Papers" line, then one abstract per line).`;

/** A user error: printed as one line, exit code 2 (usage) or 1 (input). */
class CliError extends Error {
  constructor(message: string, readonly code = 2) {
    super(message);
  }
}

/** The seeds shipped with the extension: dist/cli.js -> ../seeds. */
function bundledSeeds(): string[] {
  const dir = resolve(__dirname, '..', 'seeds');
  return readdirSync(dir).filter((f) => f.endsWith('.txt')).sort().map((f) => join(dir, f));
}

function formatProblem(p: LoadProblem): string {
  return `${p.file}${p.line !== undefined ? `:${p.line}` : ''}: ${p.message}`;
}

async function analyzeFiles(files: string[]): Promise<Analysis> {
  const paths = files.length ? files : bundledSeeds();
  const corpus = await loadCorpus(paths, nodeFileSource);
  return analyzeCorpus(corpus);
}

function analysisJson(a: Analysis) {
  return {
    papers: a.papers.map((p) => ({
      id: p.id,
      title: p.title,
      method: p.method,
      theme: p.theme,
      keywords: p.keywords,
      collections: p.collections,
      abstract: p.abstract,
      related: a.related.relatedTo(p.id, 5),
    })),
    themes: a.themes.map((t) => ({ id: t.id, label: t.label, size: t.paperIds.length })),
  };
}

function analysisTable(a: Analysis): string {
  const lines: string[] = [];
  const shared = a.papers.filter((p) => p.collections.length > 1).length;
  lines.push(`${a.papers.length} papers in ${a.collections.length} collections (${shared} in more than one), ${a.themes.length} themes`);
  for (const theme of a.themes) {
    lines.push('', `${theme.label} (${theme.paperIds.length})`);
    for (const id of theme.paperIds) lines.push(`  ${id}  ${a.byId.get(id)!.title}`);
  }
  return lines.join('\n');
}

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  if (!command || command === 'help' || command === '--help' || command === '-h') {
    process.stdout.write(`${USAGE}\n`);
    return command ? 0 : 2;
  }
  let parsed;
  try {
    parsed = parseArgs({
      args: rest,
      allowPositionals: true,
      options: { json: { type: 'boolean' }, query: { type: 'string', short: 'q' }, limit: { type: 'string' } },
    });
  } catch (err) {
    throw new CliError(`papers ${command}: ${(err as Error).message}`);
  }
  const { values, positionals } = parsed;
  switch (command) {
    case 'analyze': {
      const a = await analyzeFiles(positionals);
      process.stdout.write(values.json ? `${JSON.stringify(analysisJson(a))}\n` : `${analysisTable(a)}\n`);
      return report(a.problems);
    }
    case 'search': {
      if (values.query === undefined) throw new CliError('papers search: give a query with --query "words"');
      const limit = values.limit === undefined ? 10 : Number(values.limit);
      if (!Number.isInteger(limit) || limit < 1) throw new CliError(`papers search: --limit must be a positive whole number, not "${values.limit}"`);
      const a = await analyzeFiles(positionals);
      const hits = a.search.search(values.query, { limit });
      if (values.json) {
        const out = hits.map((h) => {
          const p = a.byId.get(h.id)!;
          return { id: h.id, title: p.title, theme: p.theme, score: Number(h.score.toFixed(3)), snippet: h.snippet?.text ?? null };
        });
        process.stdout.write(`${JSON.stringify(out)}\n`);
      } else {
        if (hits.length === 0) process.stdout.write('no papers match\n');
        for (const h of hits) {
          const p = a.byId.get(h.id)!;
          const theme = a.themes.find((t) => t.id === p.theme)?.label ?? p.theme;
          process.stdout.write(`${p.title}  [${theme}]  ${h.id}\n    ${h.snippet?.text ?? ''}\n`);
        }
      }
      return report(a.problems);
    }
    default:
      throw new CliError(`papers: unknown command "${command}"; run "papers help"`);
  }
}

/** Problems go to stderr as file:line: message; any problem makes the exit code 1. */
function report(problems: LoadProblem[]): number {
  for (const p of problems) process.stderr.write(`${formatProblem(p)}\n`);
  return problems.length ? 1 : 0;
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (err: unknown) => {
    if (err instanceof CliError) {
      process.stderr.write(`${err.message}\n`);
      process.exitCode = err.code;
    } else {
      process.stderr.write(`papers: internal error: ${(err as Error)?.stack ?? String(err)}\n`);
      process.exitCode = 70;
    }
  },
);
