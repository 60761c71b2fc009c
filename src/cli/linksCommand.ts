/**
 * `papers links`: every code link of `.papers/links/`, re-anchored against the files as they are now (as the
 * editor does, core/links); `--check` makes a stale link an error, for CI.
 */
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { PapersInputError } from '../core/common';
import { LINKS_DIR, PaperLink, paperIdOfLinksFile, parseLinks, reanchor, Reanchored } from '../core/links';
import { readFailure, readRegularTextSync } from '../node/files/regularFile';
import { CliCommand, CliIo } from './common';
import { loadPapers } from './workspace';

interface Row {
  link: PaperLink;
  key: string;
  found: Reanchored;
}

/** The names of the links files in `dir`, sorted; undefined (and one line on stderr) when the folder cannot be listed. */
function linksFileNames(dir: string, io: CliIo): string[] | undefined {
  try {
    if (!statSync(dir).isDirectory()) {
      io.err(`${LINKS_DIR}: it is a file, not a folder; no links read\n`);
      return undefined;
    }
    return readdirSync(dir)
      .filter((n) => paperIdOfLinksFile(n) !== undefined)
      .sort();
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
    io.err(`${LINKS_DIR}: cannot read the folder: ${readFailure(err)}\n`);
    return undefined;
  }
}

/**
 * Every link of `.papers/links/`; a file that cannot be read (not a regular file, a symlink loop, bad JSON) is
 * reported on one line and counted as broken, and the others are still read.
 */
export function readAllLinks(root: string, io: CliIo): { links: PaperLink[]; broken: number } {
  const dir = join(root, LINKS_DIR);
  const names = linksFileNames(dir, io);
  let broken = names === undefined ? 1 : 0;
  const links: PaperLink[] = [];
  for (const name of names ?? []) {
    const rel = `${LINKS_DIR}/${name}`;
    try {
      // one push per link: a file may hold more links than a call takes arguments
      for (const link of parseLinks(readRegularTextSync(join(dir, name)), rel)) links.push(link);
    } catch (err) {
      io.err(
        err instanceof PapersInputError ? `${err.message}\n` : `${rel}: cannot read the file: ${readFailure(err)}\n`,
      );
      broken++;
    }
  }
  return { links, broken };
}

/** The text of a workspace file, read once; undefined when it cannot be read (or is no regular file). */
function fileTexts(root: string): (file: string) => string | undefined {
  const texts = new Map<string, string | undefined>();
  return (file) => {
    if (!texts.has(file)) {
      try {
        texts.set(file, readRegularTextSync(join(root, file)));
      } catch {
        texts.set(file, undefined);
      }
    }
    return texts.get(file);
  };
}

/** One line per link (where it is now, its status, the paper and the note), then the counts. */
function printRows(rows: Row[], io: CliIo): void {
  if (rows.length === 0) io.out(`no links in ${LINKS_DIR}/\n`);
  for (const { link, key, found } of rows) {
    const r = found.range ?? link.range;
    const where = `${link.file}:${r.startLine + 1}${r.endLine !== r.startLine ? `-${r.endLine + 1}` : ''}`;
    const note = link.note ? `  "${link.note.length > 60 ? `${link.note.slice(0, 59)}…` : link.note}"` : '';
    io.out(`${where.padEnd(28)} ${found.status.padEnd(5)}  ${key}${note}\n`);
  }
  if (rows.length) {
    const count = (s: string) => rows.filter((r) => r.found.status === s).length;
    io.out(
      `${rows.length} link${rows.length === 1 ? '' : 's'}: ${count('ok')} ok, ${count('moved')} moved, ${count('stale')} stale\n`,
    );
  }
}

function printJson(rows: Row[], io: CliIo): void {
  const out = rows.map(({ link, key, found }) =>
    found.range
      ? {
          paper: key,
          file: link.file,
          status: found.status,
          startLine: found.range.startLine + 1,
          endLine: found.range.endLine + 1,
        }
      : { paper: key, file: link.file, status: found.status },
  );
  io.out(`${JSON.stringify(out)}\n`);
}

export const linksCommand: CliCommand = {
  name: 'links',
  usage:
    'links [--json] [--check]                      every code link, re-anchored against the files as they are now;\n                                                --check exits 1 when a link is stale',
  options: { json: { type: 'boolean' }, check: { type: 'boolean' } },
  async run({ values }, io) {
    const root = io.cwd;
    const { links, broken } = readAllLinks(root, io);
    const papers = links.length ? await loadPapers(root, io) : undefined;
    const byId = new Map((papers?.papers ?? []).map((p) => [p.id, p]));
    const textOf = fileTexts(root);
    const rows: Row[] = links.map((link) => {
      const text = textOf(link.file);
      const paper = byId.get(link.paper);
      return {
        link,
        key: paper && papers ? papers.keyOf(paper) : link.paper,
        found: text === undefined ? { status: 'stale' } : reanchor(link, text),
      };
    });
    const line = (r: Row) => r.found.range?.startLine ?? r.link.range.startLine;
    rows.sort((a, b) => (a.link.file < b.link.file ? -1 : a.link.file > b.link.file ? 1 : line(a) - line(b)));
    if (values.json) printJson(rows, io);
    else printRows(rows, io);
    const stale = rows.filter((r) => r.found.status === 'stale');
    if (values.check) {
      for (const { link, key } of stale) {
        const missing = textOf(link.file) === undefined;
        const why = missing ? 'the file is gone' : 'the linked text is no longer there';
        io.err(
          `${link.file}:${link.range.startLine + 1}: stale link to ${key}: ${why}; re-link it in the editor or remove it\n`,
        );
      }
    }
    return broken || papers?.unreadable || (values.check && stale.length) ? 1 : 0;
  },
};
