import { Analysis } from '../core/analysis';
import { paperArxivId, paperPageOf } from '../core/papers';
import { sizesUnder } from '../core/themes';
import { resolve } from 'node:path';
import { analyzeFiles, CliArgs, CliCommand, CliError, CliIo, reportProblems } from './common';
import { analyzeWithState, readingState, StatefulRun } from './analysisState';

/** Related papers listed per paper by `analyze --json` unless --related says otherwise. */
export const DEFAULT_RELATED = 5;

/**
 * Above this many papers `analyze --json` lists related papers only when --related asks for them: each paper's
 * list compares it with every other paper, so the cost grows with the square of the library (a few seconds at
 * this size, minutes at 100,000 papers; docs/benchmarks.md).
 */
export const RELATED_MAX_PAPERS = 10_000;

/** How many related papers `analyze --json` lists: --related N when given, else the default up to RELATED_MAX_PAPERS. */
export function relatedCount(option: string | boolean | undefined, papers: number): number {
  if (option === undefined) return papers <= RELATED_MAX_PAPERS ? DEFAULT_RELATED : 0;
  if (typeof option !== 'string' || !/^\d+$/.test(option))
    throw new CliError(`papers analyze: --related takes a number of papers (0 for none), not "${String(option)}"`);
  return Number(option);
}

/** What a run with --state adds to the JSON: each paper's `new`, and the run's timings. */
export interface StateJson {
  isNew: (id: string) => boolean;
  timings: Record<string, number>;
}

/** The analysis as `analyze --json` prints it; each paper's `related` only when `related` > 0. */
export function analysisJson(a: Analysis, related = DEFAULT_RELATED, state?: StateJson) {
  // every paper's related papers: computed together, each pair once
  if (related > 0) a.related.relatedToAll(related);
  return {
    papers: a.papers.map((p) => {
      const arxivId = paperArxivId(p);
      const page = paperPageOf(p)?.url;
      return {
        id: p.id,
        title: p.title,
        // only when the file gave them, so the JSON of abstracts alone has none of these keys
        ...(p.authors?.length ? { authors: p.authors } : {}),
        ...(p.year ? { year: p.year } : {}),
        ...(p.date ? { date: p.date } : {}),
        ...(p.doi ? { doi: p.doi } : {}),
        ...(arxivId ? { arxivId } : {}),
        ...(p.categories?.length ? { categories: p.categories } : {}),
        ...(page ? { page } : {}),
        method: p.method,
        theme: p.theme,
        keywords: p.keywords,
        collections: p.collections,
        abstract: p.abstract,
        ...(related > 0 ? { related: a.related.relatedTo(p.id, related) } : {}),
        ...(state ? { new: state.isNew(p.id) } : {}),
      };
    }),
    themes: themesJson(a),
    ...(state ? { timings: state.timings } : {}),
  };
}

/** Each theme with its broad theme (`parent`, null at the top) and the papers under it (its subthemes' included). */
function themesJson(a: Analysis) {
  const sizes = sizesUnder(a.themes);
  return a.themes.map((t) => ({ id: t.id, label: t.label, parent: t.parent ?? null, size: sizes.get(t.id)! }));
}

function analysisTable(a: Analysis, run?: StatefulRun): string {
  const lines: string[] = [];
  if (run) lines.push(stateLine(a, run));
  const shared = a.papers.filter((p) => p.collections.length > 1).length;
  const broad = a.themes.filter((t) => t.parent === undefined).length;
  const subthemes = a.themes.length - broad;
  lines.push(
    `${a.papers.length} papers in ${a.collections.length} collections (${shared} in more than one), ` +
      (subthemes > 0 ? `${broad} themes, ${subthemes} subthemes` : `${a.themes.length} themes`),
  );
  const sizes = sizesUnder(a.themes);
  for (const theme of a.themes) {
    // a subtheme and its papers are indented under its broad theme
    const indent = theme.parent !== undefined ? '  ' : '';
    lines.push('', `${indent}${theme.label} (${sizes.get(theme.id)})`);
    for (const id of theme.paperIds) lines.push(`${indent}  ${id}  ${a.byId.get(id)!.title}`);
  }
  return lines.join('\n');
}

/** What a run with --state did: how many papers are new, and whether the themes were kept or grouped afresh. */
function stateLine(a: Analysis, run: StatefulRun): string {
  const fresh = a.papers.filter((p) => run.isNew(p.id)).length;
  const how = run.regrouped ? 'themes grouped afresh' : 'themes kept, new papers placed in them';
  return `${fresh} new papers (${how}) in ${(run.timings.total / 1000).toFixed(1)} s`;
}

export const analyzeCommand: CliCommand = {
  name: 'analyze',
  usage:
    'analyze [files...] [--json [--related N]] [--state DIR [--regroup]]\n' +
    '                                                themes and titles of the papers (default: the bundled seeds);\n' +
    `                                                --related: related papers per paper in the JSON (default ${DEFAULT_RELATED}, none above ${RELATED_MAX_PAPERS.toLocaleString('en-US')} papers);\n` +
    '                                                --state: keep the analysis in DIR; a later run analyzes only new papers and\n' +
    '                                                keeps the themes (--regroup: regroup the topics inside the broad themes);\n' +
    '                                                the JSON marks each paper "new"',
  options: {
    json: { type: 'boolean' },
    related: { type: 'string' },
    state: { type: 'string' },
    regroup: { type: 'boolean' },
  },
  async run({ values, positionals }, io) {
    if (values.related !== undefined && !values.json) throw new CliError('papers analyze: --related goes with --json');
    if (values.related !== undefined) relatedCount(values.related, 0); // a bad value fails before the analysis
    if (values.regroup && typeof values.state !== 'string')
      throw new CliError('papers analyze: --regroup goes with --state DIR');
    if (typeof values.state !== 'string') return printAnalysis(await analyzeFiles(positionals), undefined, values, io);
    const dir = resolve(io.cwd, values.state);
    // the state's abstracts are read when first used: while growing, saving or printing
    return readingState(dir, async () => {
      const run = await analyzeWithState(positionals, dir, values.regroup === true);
      return printAnalysis(run.analysis, run, values, io);
    });
  },
};

/** Prints the analysis as a table or, with --json, as JSON; returns the exit code (the files' problems reported). */
function printAnalysis(a: Analysis, run: StatefulRun | undefined, values: CliArgs['values'], io: CliIo): number {
  const printed = performance.now();
  if (!values.json) io.out(`${analysisTable(a, run)}\n`);
  else {
    const related = relatedCount(values.related, a.papers.length);
    io.out(`${JSON.stringify(analysisJson(a, related, run))}\n`);
    if (values.related === undefined && related === 0)
      io.err(
        `papers analyze: related papers left out above ${RELATED_MAX_PAPERS.toLocaleString('en-US')} papers (their cost grows with the square of the library); ask for them with --related ${DEFAULT_RELATED}\n`,
      );
  }
  if (run && process.env.PAPERS_TIMINGS)
    io.err(`${TIMINGS_PREFIX}${JSON.stringify({ ...run.timings, output: Math.round(performance.now() - printed) })}\n`);
  return reportProblems(a.problems, io);
}

/**
 * With PAPERS_TIMINGS set in the environment, a run with --state ends with this line on stderr and its steps' wall
 * and CPU milliseconds as JSON (`start`: from the process's start to the analysis; `output`: printing the result),
 * whatever the output format (scripts/bench/cli/cliState.mjs reads it).
 */
export const TIMINGS_PREFIX = 'papers analyze: timings ';
