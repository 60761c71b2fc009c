/**
 * `papers foryou`: the unread papers ranked by the reader's signals stored in a workspace folder (stars, tags,
 * highlights, notes, code links; read and "not interested" as negatives), as the extension's For You group ranks them.
 */
import { join, resolve } from 'node:path';
import { Analysis } from '../core/analysis';
import { loadCorpus } from '../core/collections';
import { forYouVectors, rankForYou, signalLabel } from '../core/forYou';
import { nodeFileSource } from '../node/files/nodeFileSource';
import { analyzeInParallel } from '../node/analysis/parallel';
import { CliCommand, CliError, reportProblems } from './common';
import { readSignals } from './forYouSignals';
import { workspaceInputs } from './workspace';

const DEFAULT_LIMIT = 20;

export const forYouCommand: CliCommand = {
  name: 'foryou',
  usage:
    'foryou [files...] [--workspace DIR] [--tag T] [--limit N] [--json]\n' +
    '                                                the unread papers most like those starred, tagged, highlighted,\n' +
    '                                                noted or linked to code in DIR (default: here); --tag: like the\n' +
    "                                                papers with that tag; files: default the workspace's collections",
  options: {
    workspace: { type: 'string' },
    tag: { type: 'string' },
    limit: { type: 'string' },
    json: { type: 'boolean' },
  },
  async run({ values, positionals }, io) {
    const limit = values.limit === undefined ? DEFAULT_LIMIT : Number(values.limit);
    if (!Number.isInteger(limit) || limit < 1)
      throw new CliError(`papers foryou: --limit must be a positive whole number, not "${String(values.limit)}"`);
    if (values.tag !== undefined && (typeof values.tag !== 'string' || values.tag.trim() === ''))
      throw new CliError('papers foryou: --tag needs a tag');
    const root = resolve(io.cwd, typeof values.workspace === 'string' ? values.workspace : '.');
    const inputs = workspaceInputs(root, io);
    const files = positionals.length ? positionals.map((f) => resolve(io.cwd, f)) : inputs.collections;
    // dist/cli.js runs the titles and keywords on dist/textFeaturesWorker.js
    const a = await analyzeInParallel(
      await loadCorpus(files, nodeFileSource),
      join(__dirname, 'textFeaturesWorker.js'),
    );
    const { signals, broken } = readSignals(root, inputs.notesFolder, a.related.ids, io);
    const tag = typeof values.tag === 'string' ? values.tag.trim() : undefined;
    const ranking = rankForYou(forYouVectors(a), signals, { limit, ...(tag ? { tag } : {}) });
    if (values.json) io.out(`${JSON.stringify(rankingJson(a, ranking.papers))}\n`);
    else if (ranking.positives === 0) io.out(noSignalsLine(tag));
    else printRanking(a, ranking.papers, io);
    const problems = reportProblems(a.problems, io);
    return broken || inputs.unreadable || problems ? 1 : 0;
  },
};

type Ranked = ReturnType<typeof rankForYou>['papers'];

function rankingJson(a: Analysis, papers: Ranked) {
  return {
    papers: papers.map((p) => ({
      id: p.id,
      title: a.byId.get(p.id)?.title ?? p.id,
      score: Number(p.score.toFixed(4)),
      because: p.because.map((r) => ({ id: r.id, signal: r.signal, ...(r.file ? { file: r.file } : {}) })),
    })),
  };
}

function noSignalsLine(tag: string | undefined): string {
  return tag
    ? `no paper is tagged "${tag}" here: tag a few papers in the editor first\n`
    : 'no signals yet: star, tag, highlight, write notes on or link papers to your code in the editor first\n';
}

/** One paper a line, best first, with the signal papers it is like under it. */
function printRanking(a: Analysis, papers: Ranked, io: { out(text: string): void }): void {
  if (papers.length === 0) io.out('no unread paper to rank\n');
  for (const p of papers) {
    const like = p.because.map((r) => `${a.byId.get(r.id)?.title ?? r.id} (${signalLabel(r)})`).join('; ');
    io.out(`${p.score.toFixed(3)}  ${a.byId.get(p.id)?.title ?? p.id}  ${p.id}\n       like ${like}\n`);
  }
}
