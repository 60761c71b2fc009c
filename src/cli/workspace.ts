/**
 * The workspace as the `papers link` and `papers links` commands see it, run in the workspace folder (like
 * git): the collections of `.vscode/settings.json` (`papers.collections`, paths and globs read as the
 * extension reads them), else the bundled seeds, and the papers they hold with the keys the editor shows.
 */
import { join, resolve } from 'node:path';
// The ESM build: the package's UMD main hides its own requires from the bundler (they fail at run time).
import { parse as parseJsonc, ParseError, printParseErrorCode } from 'jsonc-parser/lib/esm/main.js';
import picomatch from 'picomatch';
import { loadCorpus } from '../core/collections';
import { formatProblem, lineOfOffset } from '../core/common';
import { notesFolderSetting } from '../core/notes';
import { idPartOfKey, paperKey, ParsedPaper, paperText } from '../core/papers';
import { deriveTitle } from '../core/titles';
import { nodeFileSource } from '../node/files/nodeFileSource';
import { readFailure, readRegularTextSync } from '../node/files/regularFile';
import { bundledSeeds, CliIo } from './common';
import { toSlash, workspaceFiles } from './workspaceFiles';

const SETTINGS = '.vscode/settings.json';
export { toSlash };

/** What reading the workspace's own inputs (settings, folders) met: each failure was reported on stderr. */
interface Reading {
  io: CliIo;
  unreadable: number;
}

/** The text of the settings file; undefined when there is none, or (reported) when it cannot be read. */
function settingsText(root: string, reading: Reading): string | undefined {
  try {
    return readRegularTextSync(join(root, SETTINGS));
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    reading.io.err(`${SETTINGS}: cannot read the file: ${readFailure(err)}; using the bundled seeds\n`);
    reading.unreadable++;
    return undefined;
  }
}

/**
 * The settings as JSON with comments. The parser recurses once per nesting level: a file nested thousands deep
 * (never one VS Code wrote) exhausts the stack, and is reported like a file that cannot be read.
 */
function parsedSettings(text: string, errors: ParseError[], reading: Reading): unknown {
  try {
    return parseJsonc(text, errors, { allowTrailingComma: true }) as unknown;
  } catch (err) {
    if (!(err instanceof RangeError)) throw err;
    reading.io.err(`${SETTINGS}: cannot read the file: it is nested too deeply; using the bundled seeds\n`);
    reading.unreadable++;
    return undefined;
  }
}

/** The workspace settings (JSON with comments); undefined when there are none or they cannot be read (reported). */
function workspaceSettings(root: string, reading: Reading): Record<string, unknown> | undefined {
  const text = settingsText(root, reading);
  if (text === undefined) return undefined;
  const errors: ParseError[] = [];
  const settings = parsedSettings(text, errors, reading);
  if (errors.length)
    reading.io.err(
      `${SETTINGS}:${lineOfOffset(text, errors[0].offset)}: ${printParseErrorCode(errors[0].error)}; read what could be read\n`,
    );
  return settings && typeof settings === 'object' && !Array.isArray(settings)
    ? (settings as Record<string, unknown>)
    : undefined;
}

/** One setting of the workspace settings, undefined when not set there. */
function settingOf(settings: Record<string, unknown> | undefined, key: string): unknown {
  return settings && Object.hasOwn(settings, key) ? settings[key] : undefined;
}

/** `papers.collections` from the workspace settings, or undefined when not set. */
function configuredCollections(settings: Record<string, unknown> | undefined, reading: Reading): string[] | undefined {
  const { io } = reading;
  const value = settingOf(settings, 'papers.collections');
  if (value === undefined) return undefined;
  if (!Array.isArray(value)) {
    io.err(`${SETTINGS}: "papers.collections" should be a list of files or globs; using the bundled seeds\n`);
    return undefined;
  }
  const entries = value.filter((v): v is string => typeof v === 'string' && v.trim() !== '');
  return entries.length ? entries : undefined;
}

/** The collection files: the setting's paths and globs (as the extension reads them), else the seeds. */
function collectionPaths(root: string, settings: Record<string, unknown> | undefined, reading: Reading): string[] {
  const { io } = reading;
  const configured = configuredCollections(settings, reading);
  if (!configured) return bundledSeeds();
  const paths: string[] = [];
  let all: string[] | undefined;
  for (const entry of configured) {
    let found: string[];
    if (/[*?{[]/.test(entry)) {
      const match = picomatch(entry.replace(/^\.\//, ''), { dot: true });
      all ??= workspaceFiles(root, (folder, err) => {
        io.err(`${folder}: cannot read the folder: ${readFailure(err)}; its files are not searched for collections\n`);
        reading.unreadable++;
      });
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
  /** How many of the workspace's inputs (settings, folders) could not be read; each was reported on stderr. */
  unreadable: number;
}

/**
 * What `papers foryou` reads of the workspace settings, each read once: the collection files (the setting's, else the
 * bundled seeds) and the notes folder (`papers.notesFolder`, else the default; a refused value is reported).
 */
export function workspaceInputs(
  root: string,
  io: CliIo,
): { collections: string[]; notesFolder: string; unreadable: number } {
  const reading: Reading = { io, unreadable: 0 };
  const settings = workspaceSettings(root, reading);
  const collections = collectionPaths(root, settings, reading);
  const notes = notesFolderSetting(settingOf(settings, 'papers.notesFolder'));
  if (notes.problem)
    io.err(`${SETTINGS}: "papers.notesFolder" is not used: ${notes.problem}; reading notes from ${notes.folder}/\n`);
  return { collections, notesFolder: notes.folder, unreadable: reading.unreadable };
}

export async function loadPapers(root: string, io: CliIo): Promise<Papers> {
  const reading: Reading = { io, unreadable: 0 };
  const corpus = await loadCorpus(collectionPaths(root, workspaceSettings(root, reading), reading), nodeFileSource);
  for (const p of corpus.problems) io.err(`${formatProblem(p)}\n`);
  const keys = new Map<string, string>();
  return {
    papers: corpus.papers,
    unreadable: reading.unreadable,
    keyOf(paper) {
      let key = keys.get(paper.id);
      if (!key) {
        // As analyzeCorpus titles a paper: a title the format brings, else one derived from the abstract.
        const derived = paper.abstract ? deriveTitle(paperText(paper)) : { title: '', method: null };
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
