/**
 * The reader's signals as `papers foryou` reads them from a workspace folder, from the files the extension writes:
 * `.papers/papers/<id>.json`, `.papers/links/*.json` and the notes folder. A file that cannot be read is reported on
 * one line naming it, and the others are still read.
 */
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { isPaperId, PapersInputError } from '../core/common';
import { collectSignals, PaperSignal } from '../core/forYou';
import { readFrontMatter } from '../core/notes';
import { idPartOfKey, PaperUserData, parseUserData } from '../core/papers';
import { readFailure, readRegularTextSync } from '../node/files/regularFile';
import { CliIo } from './common';
import { readAllLinks } from './linksCommand';

const PAPERS_DIR = '.papers/papers';
const KEY_WITH_ID = /(?:^|-)[0-9a-f]{7,16}$/i;

/** What reading the signals met. */
export interface SignalReading {
  signals: PaperSignal[];
  /** Files or folders that could not be read (each reported on stderr). */
  broken: number;
}

/** The names in a folder that `keep` accepts, sorted; [] when it does not exist, undefined (reported) when unreadable. */
function listFolder(root: string, rel: string, keep: (name: string) => boolean, io: CliIo): string[] | undefined {
  try {
    if (!statSync(join(root, rel)).isDirectory()) {
      io.err(`${rel}: it is a file, not a folder; nothing read from it\n`);
      return undefined;
    }
    return readdirSync(join(root, rel)).filter(keep).sort();
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
    io.err(`${rel}: cannot read the folder: ${readFailure(err)}\n`);
    return undefined;
  }
}

/** Reads one workspace file; undefined (reported, counted) when it cannot be read or parsed. */
function readEach<T>(root: string, rel: string, parse: (text: string) => T, io: CliIo, onBroken: () => void) {
  try {
    return parse(readRegularTextSync(join(root, rel)));
  } catch (err) {
    // one line per file, whatever the parser's message holds (a JSON error quotes the text around it)
    const message = err instanceof PapersInputError ? err.message : `${rel}: cannot read the file: ${readFailure(err)}`;
    io.err(`${message.replace(/\s*\n\s*/g, ' ')}\n`);
    onBroken();
    return undefined;
  }
}

/** The paper a notes file belongs to: by the id its name ends with, else by its front matter's id or key. */
function notesPaper(name: string, text: string, findId: (part: string) => string | undefined): string | undefined {
  const stem = name.slice(0, -3);
  const byName = KEY_WITH_ID.test(stem) ? findId(idPartOfKey(stem)) : undefined;
  if (byName) return byName;
  const fm = readFrontMatter(text);
  if (fm?.id && findId(fm.id) === fm.id) return fm.id;
  return fm?.paper && KEY_WITH_ID.test(fm.paper) ? findId(idPartOfKey(fm.paper)) : undefined;
}

/**
 * Every signal stored in `root`. `paperIds` are the analyzed papers: notes files are matched to them as the
 * extension matches them (a prefix of the id in the name, else the front matter).
 */
export function readSignals(root: string, notesFolder: string, paperIds: readonly string[], io: CliIo): SignalReading {
  let broken = 0;
  const onBroken = () => broken++;
  const userData: [string, PaperUserData][] = [];
  const idOfFile = (name: string) => /^([0-9a-f]+)\.json$/.exec(name)?.[1];
  const dataFiles = listFolder(root, PAPERS_DIR, (n) => isPaperId(idOfFile(n)), io);
  if (!dataFiles) broken++;
  for (const name of dataFiles ?? []) {
    const rel = `${PAPERS_DIR}/${name}`;
    const data = readEach(root, rel, (text) => parseUserData(text, rel), io, onBroken);
    if (data) userData.push([idOfFile(name)!, data]);
  }
  const notes: [string, string][] = [];
  const findId = (part: string) => {
    const found = paperIds.filter((id) => id.startsWith(part.toLowerCase()));
    return found.length === 1 ? found[0] : undefined;
  };
  const noteFiles = listFolder(root, notesFolder, (n) => /\.md$/i.test(n) && !n.startsWith('.'), io);
  if (!noteFiles) broken++;
  for (const name of noteFiles ?? []) {
    const text = readEach(root, `${notesFolder}/${name}`, (t) => t, io, onBroken);
    const id = text === undefined ? undefined : notesPaper(name, text, findId);
    if (id && text !== undefined) notes.push([id, text]);
  }
  const links = readAllLinks(root, io);
  return { signals: collectSignals({ userData, notes, links: links.links }), broken: broken + links.broken };
}
