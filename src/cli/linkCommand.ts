/**
 * `papers link`: links lines of a file to a paper from the command line. It writes
 * `.papers/links/<paper id>.json` exactly as the editor does (core/links).
 */
import { mkdirSync, renameSync } from 'node:fs';
import { isAbsolute, join, relative, resolve } from 'node:path';
import { lineCount, PapersInputError } from '../core/common';
import {
  createLink,
  lineRange,
  LINKS_DIR,
  linksFilePath,
  PaperLink,
  parseLinks,
  serializeLinks,
  TextRange,
} from '../core/links';
import { writeFileAtomicSync } from '../node/files/atomicWrite';
import { outsideRoot } from '../node/files/insideRoot';
import { readFailure, readRegularTextSync } from '../node/files/regularFile';
import { CliCommand, CliError, CliIo } from './common';
import { loadPapers, toSlash } from './workspace';

/**
 * The links of one paper's file; a corrupt file is kept aside (like the editor does) and an empty list returned.
 * A file that cannot be read at all (a folder, a symlink loop) is an error: nothing is written over it.
 */
function readLinksForWrite(root: string, paperId: string, io: CliIo): PaperLink[] {
  const rel = linksFilePath(paperId);
  const file = join(root, rel);
  let text: string;
  try {
    text = readRegularTextSync(file);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw new CliError(`papers link: ${rel}: cannot read the file: ${readFailure(err)}; nothing written`, 1);
  }
  try {
    return parseLinks(text, rel);
  } catch (err) {
    if (!(err instanceof PapersInputError)) throw err;
    const backup = `${file}.corrupt-${new Date().toISOString().replace(/[:.]/g, '-')}`;
    renameSync(file, backup);
    io.err(`${err.message}; kept it as ${toSlash(relative(root, backup))} and started a new file\n`);
    return [];
  }
}

/** Writes the paper's links file (the folder made first); a file system error is one line naming the file. */
function writeLinks(root: string, paperId: string, links: PaperLink[]): void {
  try {
    mkdirSync(join(root, LINKS_DIR), { recursive: true });
    writeFileAtomicSync(join(root, linksFilePath(paperId)), serializeLinks(links));
  } catch (err) {
    throw new CliError(`papers link: ${linksFilePath(paperId)}: cannot write the file: ${readFailure(err)}`, 1);
  }
}

/** The lines `<file>:<start>-<end>` name, checked against the file: its workspace path, text and range. */
async function linkedLines(
  root: string,
  where: string,
): Promise<{ rel: string; text: string; start: number; end: number; range: TextRange }> {
  const m = /^(.+):(\d+)(?:-(\d+))?$/.exec(where);
  if (!m)
    throw new CliError(`papers link: "${where}" is not <file>:<start>-<end> (1-based lines, e.g. src/train.py:12-18)`);
  const abs = resolve(root, m[1]);
  const rel = toSlash(relative(root, abs));
  if (rel.startsWith('../') || rel === '..' || isAbsolute(rel))
    throw new CliError(`papers link: ${m[1]} is outside the workspace folder ${root}`);
  const outside = await outsideRoot(root, abs);
  if (outside) throw new CliError(`papers link: ${rel}: refused: ${outside}; nothing read`);
  const start = Number(m[2]);
  const end = Number(m[3] ?? m[2]);
  let text: string;
  try {
    text = readRegularTextSync(abs);
  } catch (err) {
    const e = err as NodeJS.ErrnoException;
    const reason = e.code && e.code !== 'ENOTREGULAR' ? e.code : e.message;
    throw new CliError(`papers link: ${rel}: cannot read the file (${reason})`);
  }
  const range = start >= 1 ? lineRange(text, start - 1, end - 1) : undefined;
  if (!range) {
    const lines = lineCount(text);
    const at = end < start ? start : Math.max(start, end);
    const reversed = end < start ? '; the end comes before the start' : '';
    throw new CliError(
      `papers link: ${rel}:${at}: lines ${start}-${end} are not in the file (it has ${lines} lines${reversed})`,
    );
  }
  return { rel, text, start, end, range };
}

export const linkCommand: CliCommand = {
  name: 'link',
  usage:
    'link <paper> <file>:<start>-<end> [--note "…"]  link lines of a file (1-based, inclusive) to a paper (key or id)',
  options: { note: { type: 'string' } },
  async run({ values, positionals }, io) {
    if (positionals.length !== 2)
      throw new CliError('papers link: give a paper and lines, e.g. papers link envfactory-6755e58 src/train.py:12-18');
    const [paperArg, where] = positionals;
    const root = io.cwd;
    const { rel, text, start, end, range } = await linkedLines(root, where);
    const papers = await loadPapers(root, io);
    const found = papers.find(paperArg);
    if (found.length !== 1) {
      const why = found.length
        ? `"${paperArg}" matches ${found.length} papers; give more of the id`
        : `no paper has the key or id "${paperArg}"`;
      throw new CliError(`papers link: ${why} (see papers analyze --json)`);
    }
    const paper = found[0];
    const note = typeof values.note === 'string' ? values.note : undefined;
    const link = createLink({ paper: paper.id, file: rel, range, fileText: text, note });
    const outside = await outsideRoot(root, join(root, linksFilePath(paper.id)));
    if (outside) throw new CliError(`papers link: ${linksFilePath(paper.id)}: refused: ${outside}; nothing written`, 1);
    const links = readLinksForWrite(root, paper.id, io);
    links.push(link);
    writeLinks(root, paper.id, links);
    io.out(`linked ${papers.keyOf(paper)} to ${rel}:${start}-${end} (link ${link.id})\n`);
    return 0;
  },
};
