/**
 * The workspace as the `papers link` and `papers links` commands see it, run in the workspace folder (like
 * git): the collections of `.vscode/settings.json` (`papers.collections`, paths and globs read as the
 * extension reads them), else the bundled seeds, and the papers they hold with the keys the editor shows.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
// The ESM build: the package's UMD main hides its own requires from the bundler (they fail at run time).
import { parse as parseJsonc, ParseError, printParseErrorCode } from 'jsonc-parser/lib/esm/main.js';
import picomatch from 'picomatch';
import { loadCorpus } from '../core/collections';
import { formatProblem, lineOfOffset } from '../core/common';
import { idPartOfKey, paperKey, ParsedPaper } from '../core/papers';
import { deriveTitle } from '../core/titles';
import { nodeFileSource } from '../node/files/nodeFileSource';
import { bundledSeeds, CliIo } from './common';

const SETTINGS = '.vscode/settings.json';
/** Folders never searched for collection globs. */
const SKIPPED_DIRS = new Set(['node_modules', '.git']);

/** A path with `/` separators, as link files and messages write it. */
export const toSlash = (p: string) => p.split(sep).join('/');

/** `papers.collections` from the workspace settings (JSON with comments), or undefined when not set. */
function configuredCollections(root: string, io: CliIo): string[] | undefined {
  const file = join(root, SETTINGS);
  if (!existsSync(file)) return undefined;
  const text = readFileSync(file, 'utf8');
  const errors: ParseError[] = [];
  const settings = parseJsonc(text, errors, { allowTrailingComma: true }) as Record<string, unknown> | undefined;
  if (errors.length)
    io.err(
      `${SETTINGS}:${lineOfOffset(text, errors[0].offset)}: ${printParseErrorCode(errors[0].error)}; read what could be read\n`,
    );
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

export interface Papers {
  papers: ParsedPaper[];
  /** The key the editor shows for a paper (its derived title decides the readable part). */
  keyOf(paper: ParsedPaper): string;
  find(keyOrId: string): ParsedPaper[];
}

export async function loadPapers(root: string, io: CliIo): Promise<Papers> {
  const corpus = await loadCorpus(collectionPaths(root, io), nodeFileSource);
  for (const p of corpus.problems) io.err(`${formatProblem(p)}\n`);
  const keys = new Map<string, string>();
  return {
    papers: corpus.papers,
    keyOf(paper) {
      let key = keys.get(paper.id);
      if (!key) {
        // As analyzeCorpus titles a paper: a title the format brings, else one derived from the abstract.
        const derived = paper.abstract ? deriveTitle(paper.abstract) : { title: '', method: null };
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
