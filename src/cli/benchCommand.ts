import { decodeText } from '../core/collections';
import { formatProblem, LoadProblem, PapersInputError } from '../core/common';
import { benchSummary, measureCorpus } from '../node/bench/measure';
import { NotARegularFileError, readRegularFileSync } from '../node/files/regularFile';
import { CliCommand, CliError, reportProblems } from './common';

/** One query a line; blank lines are skipped. An unreadable or binary file is an input error naming the file (and line). */
function readQueries(file: string): { queries: string[]; problems: LoadProblem[] } {
  let bytes: Uint8Array;
  try {
    bytes = readRegularFileSync(file);
  } catch (err) {
    throw new CliError(
      `${file}: cannot read the queries (${err instanceof NotARegularFileError ? err.message : ((err as NodeJS.ErrnoException).code ?? (err as Error).message)})`,
      1,
    );
  }
  let decoded;
  try {
    decoded = decodeText(bytes, file);
  } catch (err) {
    if (err instanceof PapersInputError) throw new CliError(formatProblem(err.toProblem()), 1);
    throw err;
  }
  const queries = decoded.text
    .split(/\r\n|\r|\n/)
    .map((l) => l.trim())
    .filter((l) => l !== '');
  if (queries.length === 0) throw new CliError(`${file}: no queries; write one query a line`, 1);
  return { queries, problems: decoded.problems };
}

export const benchCommand: CliCommand = {
  name: 'bench',
  usage:
    'bench <files...> --queries <file> [--json]    time load, tokenize floor, index, themes and the queries\n                                                (one a line) on your corpus, cold; peak memory',
  options: { json: { type: 'boolean' }, queries: { type: 'string' } },
  async run({ values, positionals }, io) {
    if (positionals.length === 0)
      throw new CliError(
        'papers bench: give the corpus files to measure, e.g. papers bench library.bib --queries queries.txt',
      );
    if (typeof values.queries !== 'string')
      throw new CliError('papers bench: give the queries with --queries <file> (one query a line)');
    const { queries, problems: queryProblems } = readQueries(values.queries);
    const m = await measureCorpus(positionals, queries);
    io.out(values.json ? `${JSON.stringify(m.json)}\n` : benchSummary(m.json));
    return reportProblems([...queryProblems, ...m.corpus.problems], io);
  },
};
