/**
 * The generated section of a paper's notes: the highlights as Markdown between two HTML comment markers.
 * Only the text between the markers (and the markers) is ever rewritten; everything around them is kept
 * byte for byte. Pure: no editor, no file system.
 */
import { AnchoredAnnotation, quoteSelectorOf } from './annotations';
import { inlineMarkdown } from '../notes';

export const ANNOTATIONS_START = '<!-- papers:annotations:start -->';
export const ANNOTATIONS_END = '<!-- papers:annotations:end -->';

const EXPLANATION =
  '<!-- Written by Papers from the highlights in the paper view: change them there. Text between these markers is replaced. -->';

/** The line ending a text mostly uses (`\r\n` or `\n`). */
export function lineEndingOf(text: string): '\n' | '\r\n' {
  const crlf = (text.match(/\r\n/g) ?? []).length;
  const lf = (text.match(/\n/g) ?? []).length - crlf;
  return crlf > lf ? '\r\n' : '\n';
}

/** An HTML comment opener as text, so no note or quote can hold a marker of the section. */
const noComment = (line: string) => line.replace(/<!--/g, '&lt;!--');

/** A line of a note as Markdown: lists and emphasis work, but no raw HTML (so no marker), heading or rule. */
function noteLine(line: string): string {
  return noComment(line)
    .replace(/<(?=[A-Za-z/!?])/g, '\\<')
    .replace(/^(\s*)(#{1,6})(?=\s|$)/, '$1\\$2')
    .replace(/^(\s*)([-=*_])(?=(\s*\2){2,}\s*$)/, '$1\\$2');
}

function statusNote(item: AnchoredAnnotation): string {
  switch (item.anchor.status) {
    case 'detached':
      return ' · detached (not found in the abstract now)';
    case 'fuzzy':
      return ' · the abstract changed here';
    default:
      return '';
  }
}

/** The section for these annotations (in their display order), markers included, lines joined by `eol`. */
export function renderAnnotationsBlock(items: readonly AnchoredAnnotation[], eol: '\n' | '\r\n' = '\n'): string {
  const lines = [ANNOTATIONS_START, EXPLANATION, '## Highlights', ''];
  if (!items.length) lines.push('_No highlights._', '');
  for (const item of items) {
    const { annotation } = item;
    lines.push(`**${item.number}.** ${annotation.color}${statusNote(item)}`, '');
    for (const line of quoteSelectorOf(annotation).exact.split(/\r?\n/))
      lines.push(line.trim() ? `> ${inlineMarkdown(noComment(line.trim()))}` : '>');
    lines.push('');
    if (annotation.note) {
      for (const line of annotation.note.split(/\r?\n/)) lines.push(noteLine(line.trimEnd()));
      lines.push('');
    }
  }
  lines.push(ANNOTATIONS_END);
  return lines.join(eol);
}

function occurrences(text: string, marker: string): number[] {
  const found: number[] = [];
  for (let at = text.indexOf(marker); at !== -1; at = text.indexOf(marker, at + marker.length)) found.push(at);
  return found;
}

export type BlockLocation =
  { kind: 'none' } | { kind: 'found'; start: number; end: number } | { kind: 'broken'; problem: string };

/** Where the section is: from its start marker to the end of its end marker; `broken` unless exactly one pair in order. */
export function locateAnnotationsBlock(text: string): BlockLocation {
  const starts = occurrences(text, ANNOTATIONS_START);
  const ends = occurrences(text, ANNOTATIONS_END);
  if (!starts.length && !ends.length) return { kind: 'none' };
  if (starts.length === 1 && ends.length === 1 && starts[0] < ends[0])
    return { kind: 'found', start: starts[0], end: ends[0] + ANNOTATIONS_END.length };
  if (starts.length !== ends.length) {
    const missing = starts.length > ends.length ? ANNOTATIONS_END : ANNOTATIONS_START;
    return { kind: 'broken', problem: `the marker ${missing} is missing (${starts.length} start, ${ends.length} end)` };
  }
  if (starts.length > 1) return { kind: 'broken', problem: `the highlights section appears ${starts.length} times` };
  return { kind: 'broken', problem: `the marker ${ANNOTATIONS_END} comes before ${ANNOTATIONS_START}` };
}

export type BlockUpdate =
  /** `edit` replaces text[start, end) with `insert`; `text` is the whole result. */
  | { kind: 'unchanged' }
  | { kind: 'replaced' | 'appended'; text: string; edit: { start: number; end: number; insert: string } }
  | { kind: 'broken'; problem: string };

/**
 * The notes text with its highlights section brought up to date: replaced between the markers, or
 * appended at the end when there are none (after a blank line). Without annotations and without a section
 * nothing is added. Markers that do not pair up give `broken` and no text: the caller must not write.
 */
export function updateAnnotationsBlock(text: string, items: readonly AnchoredAnnotation[]): BlockUpdate {
  const eol = lineEndingOf(text);
  const block = renderAnnotationsBlock(items, eol);
  const where = locateAnnotationsBlock(text);
  switch (where.kind) {
    case 'broken':
      return where;
    case 'found': {
      if (text.slice(where.start, where.end) === block) return { kind: 'unchanged' };
      const edit = { start: where.start, end: where.end, insert: block };
      return { kind: 'replaced', text: text.slice(0, where.start) + block + text.slice(where.end), edit };
    }
    case 'none': {
      if (!items.length) return { kind: 'unchanged' };
      const lead =
        text === '' ? '' : text.endsWith(`${eol}${eol}`) || text === eol ? '' : text.endsWith(eol) ? eol : eol + eol;
      const insert = `${lead}${block}${eol}`;
      return { kind: 'appended', text: text + insert, edit: { start: text.length, end: text.length, insert } };
    }
  }
}

/**
 * A new notes file (the template) with the section placed before its `## Notes` heading, so the user's
 * notes stay at the end; at the end when the template has no such heading.
 */
export function withAnnotationsBlockBeforeNotes(template: string, items: readonly AnchoredAnnotation[]): string {
  const eol = lineEndingOf(template);
  const heading = /^## Notes[ \t]*$/m.exec(template);
  if (!heading) {
    const update = updateAnnotationsBlock(template, items);
    return update.kind === 'appended' || update.kind === 'replaced' ? update.text : template;
  }
  const block = renderAnnotationsBlock(items, eol);
  return `${template.slice(0, heading.index)}${block}${eol}${eol}${template.slice(heading.index)}`;
}
