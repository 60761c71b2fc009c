/**
 * `papers link` and `papers links`: code links from the command line, run in the workspace folder (like git).
 * They read and write `.papers/links/<paper id>.json` exactly as the editor does (core/links.ts), and resolve
 * papers against the collections of `.vscode/settings.json` (`papers.collections`), else the bundled seeds.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { isAbsolute, join, relative, resolve, sep } from 'node:path';
// The ESM build: the package's UMD main hides its own requires from the bundler (they fail at run time).
import { parse as parseJsonc, ParseError, printParseErrorCode } from 'jsonc-parser/lib/esm/main.js';
import picomatch from 'picomatch';
import { reanchor, Reanchored } from '../core/links';
import { loadCorpus } from '../core/collections';
import { createLink, lineRange, LINKS_DIR, linksFilePath, PaperLink, paperIdOfLinksFile, parseLinks, serializeLinks } from '../core/links';
import { idPartOfKey, paperKey } from '../core/papers';
import { deriveTitle } from '../core/titles';
import { ParsedPaper } from '../core/papers';
import { lineCount, lineOfOffset, PapersInputError } from '../core/common';
import { nodeFileSource } from '../node/files/nodeFileSource';
import { bundledSeeds, CliCommand, CliError, CliIo } from './common';

const SETTINGS = '.vscode/settings.json';
/** Folders never searched for collection globs. */
const SKIPPED_DIRS = new Set(['node_modules', '.git']);

const toSlash = (p: string) => p.split(sep).join('/');

/** `papers.collections` from the workspace settings (JSON with comments), or undefined when not set. */
function configuredCollections(root: string, io: CliIo): string[] | undefined {
  const file = join(root, SETTINGS);
  if (!existsSync(file)) return undefined;
  const text = readFileSync(file, 'utf8');
  const errors: ParseError[] = [];
  const settings = parseJsonc(text, errors, { allowTrailingComma: true }) as Record<string, unknown> | undefined;
  if (errors.length) io.err(`${SETTINGS}:${lineOfOffset(text, errors[0].offset)}: ${printParseErrorCode(errors[0].error)}; read what could be read\n`);
  const value = settings && typeof settings === 'object' ? settings['papers.collections'] : undefined;
  if (value === undefined) return undefined;
  if (!Array.isArray(value)) {
    io.err(`${SETTINGS}: "papers.collections" should be a list of files or globs; using the bundled seeds\n`);
    return undefined;
  }
  const entries = value.filter((v): v is string => typeof v === 'string' && v.trim() !== '');
  return entries.length ? entries : undefined;
}

/** Workspace-relative files under `root`, for glob matching. */
function workspaceFiles(root: string, dir = root, out: string[] = []): string[] {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.isDirectory()) {
      if (!SKIPPED_DIRS.has(entry.name)) workspaceFiles(root, join(dir, entry.name), out);
    } else if (entry.isFile()) out.push(toSlash(relative(root, join(dir, entry.name))));
  }
  return out;
}

/** The collection files: the setting's paths and globs (as the extension reads them), else the seeds. */
function collectionPaths(root: string, io: CliIo): string[] {
  const configured = configuredCollections(root, io);
  if (!configured) return bundledSeeds();
  const paths: string[] = [];
  let all: string[] | undefined;
  for (const entry of configured) {
    let found: string[];
    if (/[*?{[]/.test(entry)) {
      const match = picomatch(entry.replace(/^\.\//, ''), { dot: true });
      all ??= workspaceFiles(root);
      found = all.filter((f) => match(f)).sort();
    } else found = [entry];
    if (found.length === 0) io.err(`${SETTINGS}: papers.collections entry "${entry}" matches no file\n`);
    for (const f of found) {
      const abs = resolve(root, f);
      if (!paths.includes(abs)) paths.push(abs);
    }
  }
  return paths;
}

interface Papers {
  papers: ParsedPaper[];
  /** The key the editor shows for a paper (its derived title decides the readable part). */
  keyOf(paper: ParsedPaper): string;
  find(keyOrId: string): ParsedPaper[];
}

async function loadPapers(root: string, io: CliIo): Promise<Papers> {
  const corpus = await loadCorpus(collectionPaths(root, io), nodeFileSource);
  for (const p of corpus.problems) io.err(`${p.file}${p.line !== undefined ? `:${p.line}` : ''}: ${p.message}\n`);
  const keys = new Map<string, string>();
  return {
    papers: corpus.papers,
    keyOf(paper) {
      let key = keys.get(paper.id);
      if (!key) {
        // As analyzeCorpus titles a paper: a title the format brings, else one derived from the abstract.
        const derived = deriveTitle(paper.abstract);
        key = paperKey({ id: paper.id, title: paper.sourceTitle ?? derived.title, method: derived.method });
        keys.set(paper.id, key);
      }
      return key;
    },
    find(keyOrId) {
      const part = idPartOfKey(keyOrId);
      return corpus.papers.filter((p) => p.id.startsWith(part));
    },
  };
}

/** Writes a file atomically: a temporary file beside it, then a rename over it. */
function writeAtomic(file: string, text: string): void {
  const tmp = `${file}.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}.tmp`;
  writeFileSync(tmp, text);
  renameSync(tmp, file);
}

/** The links of one paper's file; a corrupt file is kept aside (like the editor does) and an empty list returned. */
function readLinksForWrite(root: string, paperId: string, io: CliIo): PaperLink[] {
  const rel = linksFilePath(paperId);
  const file = join(root, rel);
  if (!existsSync(file)) return [];
  try {
    return parseLinks(readFileSync(file, 'utf8'), rel);
  } catch (err) {
    if (!(err instanceof PapersInputError)) throw err;
    const backup = `${file}.corrupt-${new Date().toISOString().replace(/[:.]/g, '-')}`;
    renameSync(file, backup);
    io.err(`${err.message}; kept it as ${toSlash(relative(root, backup))} and started a new file\n`);
    return [];
  }
}

export const linkCommand: CliCommand = {
  name: 'link',
  usage: 'link <paper> <file>:<start>-<end> [--note "…"]  link lines of a file (1-based, inclusive) to a paper (key or id)',
  options: { note: { type: 'string' } },
  async run({ values, positionals }, io) {
    if (positionals.length !== 2) throw new CliError('papers link: give a paper and lines, e.g. papers link envfactory-6755e58 src/train.py:12-18');
    const [paperArg, where] = positionals;
    const m = /^(.+):(\d+)(?:-(\d+))?$/.exec(where);
    if (!m) throw new CliError(`papers link: "${where}" is not <file>:<start>-<end> (1-based lines, e.g. src/train.py:12-18)`);
    const root = io.cwd;
    const abs = resolve(root, m[1]);
    const rel = toSlash(relative(root, abs));
    if (rel.startsWith('../') || rel === '..' || isAbsolute(rel)) throw new CliError(`papers link: ${m[1]} is outside the workspace folder ${root}`);
    const start = Number(m[2]);
    const end = Number(m[3] ?? m[2]);
    let text: string;
    try {
      text = readFileSync(abs, 'utf8');
    } catch (err) {
      throw new CliError(`papers link: ${rel}: cannot read the file (${(err as NodeJS.ErrnoException).code ?? (err as Error).message})`);
    }
    const range = start >= 1 ? lineRange(text, start - 1, end - 1) : undefined;
    if (!range) {
      const lines = lineCount(text);
      throw new CliError(`papers link: ${rel}:${end < start ? start : Math.max(start, end)}: lines ${start}-${end} are not in the file (it has ${lines} lines${end < start ? '; the end comes before the start' : ''})`);
    }
    const papers = await loadPapers(root, io);
    const found = papers.find(paperArg);
    if (found.length !== 1) {
      throw new CliError(`papers link: ${found.length ? `"${paperArg}" matches ${found.length} papers; give more of the id` : `no paper has the key or id "${paperArg}"`} (see papers analyze --json)`);
    }
    const paper = found[0];
    const link = createLink({ paper: paper.id, file: rel, range, fileText: text, note: typeof values.note === 'string' ? values.note : undefined });
    mkdirSync(join(root, LINKS_DIR), { recursive: true });
    const links = readLinksForWrite(root, paper.id, io);
    writeAtomic(join(root, linksFilePath(paper.id)), serializeLinks([...links, link]));
    io.out(`linked ${papers.keyOf(paper)} to ${rel}:${start}-${end} (link ${link.id})\n`);
    return 0;
  },
};

interface Row {
  link: PaperLink;
  key: string;
  found: Reanchored;
}

export const linksCommand: CliCommand = {
  name: 'links',
  usage: 'links [--json] [--check]                      every code link, re-anchored against the files as they are now;\n                                                --check exits 1 when a link is stale',
  options: { json: { type: 'boolean' }, check: { type: 'boolean' } },
  async run({ values }, io) {
    const root = io.cwd;
    const dir = join(root, LINKS_DIR);
    let broken = 0;
    const links: PaperLink[] = [];
    const names = existsSync(dir) ? readdirSync(dir).filter((n) => paperIdOfLinksFile(n) !== undefined).sort() : [];
    for (const name of names) {
      const rel = `${LINKS_DIR}/${name}`;
      try {
        links.push(...parseLinks(readFileSync(join(dir, name), 'utf8'), rel));
      } catch (err) {
        if (!(err instanceof PapersInputError)) throw err;
        io.err(`${err.message}\n`);
        broken++;
      }
    }
    const papers = links.length ? await loadPapers(root, io) : undefined;
    const byId = new Map((papers?.papers ?? []).map((p) => [p.id, p]));
    const texts = new Map<string, string | undefined>();
    const textOf = (file: string) => {
      if (!texts.has(file)) {
        try {
          texts.set(file, readFileSync(join(root, file), 'utf8'));
        } catch {
          texts.set(file, undefined);
        }
      }
      return texts.get(file);
    };
    const rows: Row[] = links.map((link) => {
      const text = textOf(link.file);
      const paper = byId.get(link.paper);
      return { link, key: paper && papers ? papers.keyOf(paper) : link.paper, found: text === undefined ? { status: 'stale' } : reanchor(link, text) };
    });
    const line = (r: Row) => r.found.range?.startLine ?? r.link.range.startLine;
    rows.sort((a, b) => (a.link.file < b.link.file ? -1 : a.link.file > b.link.file ? 1 : line(a) - line(b)));
    if (values.json) {
      const out = rows.map(({ link, key, found }) =>
        found.range ? { paper: key, file: link.file, status: found.status, startLine: found.range.startLine + 1, endLine: found.range.endLine + 1 } : { paper: key, file: link.file, status: found.status },
      );
      io.out(`${JSON.stringify(out)}\n`);
    } else {
      if (rows.length === 0) io.out(`no links in ${LINKS_DIR}/\n`);
      for (const { link, key, found } of rows) {
        const r = found.range ?? link.range;
        const where = `${link.file}:${r.startLine + 1}${r.endLine !== r.startLine ? `-${r.endLine + 1}` : ''}`;
        const note = link.note ? `  "${link.note.length > 60 ? `${link.note.slice(0, 59)}…` : link.note}"` : '';
        io.out(`${where.padEnd(28)} ${found.status.padEnd(5)}  ${key}${note}\n`);
      }
      if (rows.length) {
        const count = (s: string) => rows.filter((r) => r.found.status === s).length;
        io.out(`${rows.length} link${rows.length === 1 ? '' : 's'}: ${count('ok')} ok, ${count('moved')} moved, ${count('stale')} stale\n`);
      }
    }
    const stale = rows.filter((r) => r.found.status === 'stale');
    if (values.check) {
      for (const { link, key } of stale) {
        const missing = textOf(link.file) === undefined;
        io.err(`${link.file}:${link.range.startLine + 1}: stale link to ${key}: ${missing ? 'the file is gone' : 'the linked text is no longer there'}; re-link it in the editor or remove it\n`);
      }
    }
    return broken || (values.check && stale.length) ? 1 : 0;
  },
};
