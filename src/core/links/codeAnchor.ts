/**
 * Code anchors: where a link points in a text file, kept as a range plus the linked text and a few lines of
 * context, so the place can be found again after the file changed (lines inserted above, reformatting,
 * code moved, text edited a little). Pure: text in, positions out.
 *
 * Positions are 0-based lines and characters as editors count them: a line ends at `\n` (a `\r` before it
 * is not part of the line), so the same range means the same text under either line ending.
 */
import { findTolerant } from './codeAnchorMatch';
import type { CodeAnchor, Reanchored, TextRange } from './codeAnchorTypes';
import { LineIndex } from './lineIndex';

/** Lines of context kept on each side of the linked text. */
export const CONTEXT_LINES = 3;
/** Characters of context kept at most on each side (long lines, minified files). */
export const MAX_CONTEXT_CHARS = 240;

/** The text with every line ending as `\n`: positions do not change, offsets become comparable. */
export function normalizeEol(text: string): string {
  return text.includes('\r') ? text.replace(/\r\n?/g, '\n') : text;
}

/** The text at a range, or undefined when the range does not fit the file. */
export function textAt(fileText: string, range: TextRange): string | undefined {
  const index = new LineIndex(normalizeEol(fileText));
  const offsets = index.offsetsOf(range);
  return offsets && index.text.slice(offsets[0], offsets[1]);
}

/** The anchor of a range of a file: its text and the context around it. Throws when the range does not fit. */
export function anchorAt(fileText: string, range: TextRange): CodeAnchor {
  const index = new LineIndex(normalizeEol(fileText));
  const offsets = index.offsetsOf(range);
  if (!offsets) throw new RangeError(`range ${formatRange(range)} is outside the text (${index.lineCount} lines)`);
  return anchorOfOffsets(index, offsets[0], offsets[1]);
}

export function anchorOfOffsets(index: LineIndex, start: number, end: number): CodeAnchor {
  const { text } = index;
  const startLine = index.positionAt(start).line;
  const endLine = index.positionAt(end).line;
  const beforeFrom = Math.max(index.lineStart(Math.max(0, startLine - CONTEXT_LINES)), start - MAX_CONTEXT_CHARS);
  const afterLine = Math.min(index.lineCount - 1, endLine + CONTEXT_LINES);
  const afterTo = Math.min(index.lineStart(afterLine) + index.lineLength(afterLine), end + MAX_CONTEXT_CHARS);
  const linked = text.slice(start, end);
  const anchor: CodeAnchor = {
    text: linked,
    before: text.slice(beforeFrom, start),
    after: text.slice(end, Math.max(end, afterTo)),
  };
  const copies = countOccurrences(text, linked);
  if (copies > 1) anchor.copies = copies;
  return anchor;
}

function countOccurrences(text: string, part: string): number {
  if (part === '') return 0;
  let n = 0;
  for (let i = text.indexOf(part); i !== -1; i = text.indexOf(part, i + 1)) n++;
  return n;
}

/** `12:4-14:1` (1-based lines and characters), for messages. */
export function formatRange(r: TextRange): string {
  return `${r.startLine + 1}:${r.startCharacter + 1}-${r.endLine + 1}:${r.endCharacter + 1}`;
}

export function sameRange(a: TextRange, b: TextRange): boolean {
  return (
    a.startLine === b.startLine &&
    a.startCharacter === b.startCharacter &&
    a.endLine === b.endLine &&
    a.endCharacter === b.endCharacter
  );
}

/**
 * Finds the linked text in the file as it is now:
 * 1. the anchor text at the stored range: `ok`;
 * 2. the exact text elsewhere, the best placed by its context, then by nearness to the old place: `moved`;
 * 3. the text with whitespace ignored (reindented, rewrapped), then an approximate match with a bounded number
 *    of edits, scored with the context and the distance: `moved`;
 * 4. otherwise `stale` (the caller keeps the link and its anchor: it may come back, or be re-linked).
 */
export function reanchor(link: { range: TextRange; anchor: CodeAnchor }, fileText: string): Reanchored {
  const index = new LineIndex(normalizeEol(fileText));
  const anchor = { ...link.anchor, text: normalizeEol(link.anchor.text) };
  if (anchor.text === '') return { status: 'stale' };
  const at = index.offsetsOf(link.range);
  if (at && index.text.slice(at[0], at[1]) === anchor.text) return { status: 'ok', range: link.range, method: 'exact' };
  const found = findTolerant(index, anchor, link.range);
  if (!found) return { status: 'stale' };
  const range = index.rangeOf(found.start, found.end);
  return { status: 'moved', range, method: found.method };
}
