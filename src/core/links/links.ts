/**
 * Links from a paper to code or notes: a file, a range and a content anchor (see codeAnchor.ts), stored in
 * `.papers/links/<paper id>.json`, one small file per paper holding the sorted list of its links, keys in
 * a fixed order and two-space JSON, so diffs stay small and two people linking different papers never
 * conflict. Written the same way by the editor and by `papers link`.
 */
import { anchorAt, normalizeEol, sameRange } from './codeAnchor';
import { CodeAnchor, Reanchored, TextRange } from './codeAnchorTypes';
import { LineIndex } from './lineIndex';
import {
  isLinkId,
  isPaperId,
  lineOfOffset,
  LoadProblem,
  outsideWorkspaceProblem,
  PapersInputError,
  parseJsonFile,
} from '../common';

export interface PaperLink {
  id: string;
  /** The paper's id. */
  paper: string;
  /** Workspace-relative path with `/` separators. */
  file: string;
  range: TextRange;
  anchor: CodeAnchor;
  note?: string;
  /** ISO 8601 time of creation. */
  created: string;
  /** Fields this version does not know are kept as they were (a newer version may have written them). */
  [extra: string]: unknown;
}

/** The folder of link files, relative to the workspace folder. */
export const LINKS_DIR = '.papers/links';

/** The workspace-relative path of a paper's link file. */
export function linksFilePath(paperId: string): string {
  return `${LINKS_DIR}/${paperId}.json`;
}

/** The paper id a link file is named after, or undefined for other files. */
export function paperIdOfLinksFile(name: string): string | undefined {
  return /(?:^|\/)([0-9a-f]{12}|[0-9a-f]{16})\.json$/.exec(name)?.[1];
}

const KNOWN_ORDER = ['id', 'paper', 'file', 'range', 'anchor', 'note', 'created'];

/** A new link id: 12 random hex digits. */
export function newLinkId(): string {
  const bytes = new Uint8Array(6);
  globalThis.crypto.getRandomValues(bytes);
  return [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/** Workspace-relative, `/`-separated, without `./`. */
export function normalizeLinkPath(path: string): string {
  return path
    .replace(/\\/g, '/')
    .replace(/^(\.\/)+/, '')
    .replace(/\/{2,}/g, '/');
}

/**
 * The range a selection links: an empty selection links its whole line, and a selection that ends at the
 * start of a later line (a whole-line selection) ends at the end of the line before.
 */
export function linkableRange(fileText: string, selection: TextRange): TextRange {
  const index = new LineIndex(normalizeEol(fileText));
  const lastLine = index.lineCount - 1;
  const r = { ...selection };
  if (r.startLine > lastLine) return r;
  if (r.startLine === r.endLine && r.startCharacter === r.endCharacter) {
    return {
      startLine: r.startLine,
      startCharacter: 0,
      endLine: r.startLine,
      endCharacter: index.lineLength(r.startLine),
    };
  }
  if (r.endCharacter === 0 && r.endLine > r.startLine) {
    r.endLine -= 1;
    r.endCharacter = index.lineLength(r.endLine);
  }
  return r;
}

/** Full lines `startLine`..`endLine` (0-based, inclusive) as a range; undefined when outside the file. */
export function lineRange(fileText: string, startLine: number, endLine: number): TextRange | undefined {
  const index = new LineIndex(normalizeEol(fileText));
  if (startLine < 0 || endLine < startLine || endLine >= index.lineCount) return undefined;
  return { startLine, startCharacter: 0, endLine, endCharacter: index.lineLength(endLine) };
}

export interface NewLink {
  paper: string;
  file: string;
  range: TextRange;
  /** The file's text now: the anchor is taken from it. */
  fileText: string;
  note?: string;
  id?: string;
  created?: Date;
}

/** A link to a range of a file: what both the editor command and `papers link` write. */
export function createLink(input: NewLink): PaperLink {
  const note = input.note?.trim();
  const link: PaperLink = {
    id: input.id ?? newLinkId(),
    paper: input.paper,
    file: normalizeLinkPath(input.file),
    range: { ...input.range },
    anchor: anchorAt(input.fileText, input.range),
    created: (input.created ?? new Date()).toISOString(),
  };
  if (note) link.note = note;
  return link;
}

/**
 * The link after re-anchoring: found again (ok or moved), its range and anchor follow the text as it is now
 * (so the next change is measured from here); stale, it is kept exactly as it was. Returns the same object
 * when nothing changed, so callers can skip the write.
 */
export function followText(link: PaperLink, fileText: string, found: Reanchored): PaperLink {
  if (found.status === 'stale' || !found.range) return link;
  const anchor = anchorAt(fileText, found.range);
  const a = link.anchor;
  if (
    sameRange(found.range, link.range) &&
    anchor.text === a.text &&
    anchor.before === a.before &&
    anchor.after === a.after &&
    anchor.copies === a.copies
  )
    return link;
  return { ...link, range: { ...found.range }, anchor };
}

function compareLinks(a: PaperLink, b: PaperLink): number {
  return (
    (a.file < b.file ? -1 : a.file > b.file ? 1 : 0) ||
    a.range.startLine - b.range.startLine ||
    a.range.startCharacter - b.range.startCharacter ||
    a.range.endLine - b.range.endLine ||
    a.range.endCharacter - b.range.endCharacter ||
    (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)
  );
}

export function sortLinks(links: readonly PaperLink[]): PaperLink[] {
  return [...links].sort(compareLinks);
}

function ordered(link: PaperLink): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const keys = [
    ...KNOWN_ORDER,
    ...Object.keys(link)
      .filter((k) => !KNOWN_ORDER.includes(k))
      .sort(),
  ];
  for (const key of keys) {
    const value = link[key];
    if (value === undefined || (key === 'note' && value === '')) continue;
    if (key === 'range') {
      const r = value as TextRange;
      out.range = {
        startLine: r.startLine,
        startCharacter: r.startCharacter,
        endLine: r.endLine,
        endCharacter: r.endCharacter,
      };
    } else if (key === 'anchor') {
      const a = value as CodeAnchor;
      out.anchor =
        a.copies !== undefined && a.copies > 1
          ? { text: a.text, before: a.before, after: a.after, copies: a.copies }
          : { text: a.text, before: a.before, after: a.after };
    } else out[key] = value;
  }
  return out;
}

/** The text of a paper's link file: the links sorted by file and position, keys in a fixed order. */
export function serializeLinks(links: readonly PaperLink[]): string {
  return `${JSON.stringify(sortLinks(links).map(ordered), null, 2)}\n`;
}

const isInt = (v: unknown) => typeof v === 'number' && Number.isInteger(v) && v >= 0;

function checkLink(value: unknown): string | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return 'a link must be a JSON object';
  const l = value as Record<string, unknown>;
  for (const key of ['id', 'paper', 'file', 'created'] as const)
    if (typeof l[key] !== 'string' || l[key] === '') return `"${key}" must be a non-empty string`;
  const r = l.range as Record<string, unknown> | undefined;
  if (
    !r ||
    typeof r !== 'object' ||
    !['startLine', 'startCharacter', 'endLine', 'endCharacter'].every((k) => isInt(r[k]))
  ) {
    return '"range" must hold startLine, startCharacter, endLine and endCharacter (whole numbers from 0)';
  }
  const a = l.anchor as Record<string, unknown> | undefined;
  if (!a || typeof a !== 'object' || !['text', 'before', 'after'].every((k) => typeof a[k] === 'string'))
    return '"anchor" must hold text, before and after (strings)';
  if (a.copies !== undefined && !isInt(a.copies)) return '"anchor.copies" must be a whole number';
  if (l.note !== undefined && typeof l.note !== 'string') return '"note" must be a string';
  return undefined;
}

/** Why a well-formed link is refused: a paper, id or file that could lead a write or a read out of place. */
function refusal(l: PaperLink, file: string): string | undefined {
  if (!isPaperId(l.paper))
    return `"paper" ${JSON.stringify(l.paper.slice(0, 80))} is not a paper id (12 or 16 hex digits)`;
  const owner = paperIdOfLinksFile(file);
  if (owner !== undefined && l.paper !== owner)
    return `"paper" ${JSON.stringify(l.paper.slice(0, 80))} is not the paper of this file (${owner})`;
  if (!isLinkId(l.id)) return `"id" ${JSON.stringify(l.id.slice(0, 80))} is not a link id`;
  const outside = outsideWorkspaceProblem(normalizeLinkPath(l.file));
  if (outside) return `"file" ${JSON.stringify(l.file.slice(0, 200))} is refused: ${outside}`;
  return undefined;
}

/**
 * Parses a link file; throws PapersInputError naming the file and the line of the first problem. A link whose
 * paper, id or file is refused (see refusal: it would name a file outside its folder or the workspace) is an
 * error too, unless `refused` is given: then it is reported there, with its line, and left out, so the other
 * links of the file still work and the refused one is never used as a path.
 */
export function parseLinks(text: string, file: string, refused?: LoadProblem[]): PaperLink[] {
  const value = parseJsonFile(text, file);
  if (!Array.isArray(value)) throw new PapersInputError(file, 1, 'expected a JSON list of links');
  const links: PaperLink[] = [];
  value.forEach((item, i) => {
    const problem = checkLink(item);
    if (problem) throw new PapersInputError(file, lineOfLink(text, value, i), `link ${i + 1}: ${problem}`);
    const link = item as PaperLink;
    const refusedBecause = refusal(link, file);
    if (refusedBecause) {
      const line = lineOfLink(text, value, i);
      if (!refused) throw new PapersInputError(file, line, `link ${i + 1}: ${refusedBecause}`);
      refused.push({ file, line, message: `link ${i + 1}: ${refusedBecause}; it is not used` });
      return;
    }
    links.push({ ...link, file: normalizeLinkPath(link.file) });
  });
  return links;
}

/** The line where the index-th link of the file starts (as serializeLinks writes it, else found by its id). */
function lineOfLink(text: string, list: unknown[], index: number): number | undefined {
  const starts = [...text.matchAll(/^ {2}\{/gm)];
  if (starts.length === list.length) return lineOfOffset(text, starts[index].index!);
  const item = list[index];
  const id = item && typeof item === 'object' ? (item as { id?: unknown }).id : undefined;
  const at = typeof id === 'string' ? text.indexOf(`"id": ${JSON.stringify(id)}`) : -1;
  return at === -1 ? undefined : lineOfOffset(text, at);
}

/** A change to a text: the replaced range (in the text before the change) and what replaced it. */
export interface TextChange {
  range: TextRange;
  text: string;
}

type Pos = { line: number; character: number };

const before = (a: Pos, b: Pos) => a.line < b.line || (a.line === b.line && a.character < b.character);

/** Where a position after the replaced part ends up. */
function shifted(p: Pos, changeEnd: Pos, insertedEnd: Pos): Pos {
  if (p.line === changeEnd.line)
    return { line: insertedEnd.line, character: insertedEnd.character + (p.character - changeEnd.character) };
  return { line: p.line + (insertedEnd.line - changeEnd.line), character: p.character };
}

/**
 * Moves a range through one edit, as the editor reports it. Text inserted exactly at the start of the range
 * goes before it, at the end goes after it; an edit inside grows or shrinks it. `replaced` is true when the
 * edit replaced all of the range's text (then its place is a guess: re-anchor from the content).
 */
export function shiftRange(range: TextRange, change: TextChange): { range: TextRange; replaced: boolean } {
  const s: Pos = { line: change.range.startLine, character: change.range.startCharacter };
  const e: Pos = { line: change.range.endLine, character: change.range.endCharacter };
  const lines = change.text.split(/\r\n|\r|\n/);
  const insertedEnd: Pos =
    lines.length === 1
      ? { line: s.line, character: s.character + lines[0].length }
      : { line: s.line + lines.length - 1, character: lines[lines.length - 1].length };
  const start: Pos = { line: range.startLine, character: range.startCharacter };
  const end: Pos = { line: range.endLine, character: range.endCharacter };
  const emptyRange = !before(start, end);
  const deletes = before(s, e);
  const replaced = deletes && !emptyRange && !before(start, s) && !before(e, end);

  const moveStart = (p: Pos): Pos => {
    if (before(p, s)) return p;
    if (!before(p, e)) return shifted(p, e, insertedEnd);
    return insertedEnd; // inside the replaced part: the range now starts after the new text
  };
  const moveEnd = (p: Pos): Pos => {
    if (!before(s, p)) return p; // at or before the edit's start: text inserted at the end stays outside
    if (!before(p, e)) return shifted(p, e, insertedEnd);
    return s; // inside the replaced part: the range now ends before the new text
  };
  let newStart = moveStart(start);
  let newEnd = moveEnd(end);
  if (replaced) {
    newStart = s;
    newEnd = insertedEnd;
  } else if (before(newEnd, newStart)) newEnd = newStart;
  return {
    range: {
      startLine: newStart.line,
      startCharacter: newStart.character,
      endLine: newEnd.line,
      endCharacter: newEnd.character,
    },
    replaced,
  };
}
