/**
 * Highlights and notes on a paper's abstract, stored in the paper's user data (`.papers/papers/<id>.json`)
 * under `annotations`: a list sorted by id, each with W3C Web Annotation selectors. The helpers here change
 * that list by id on what is on disk now, so two windows adding different annotations keep both.
 * Pure: no editor, no file system.
 */
import { anchorQuote, CONTEXT_LENGTH } from './quoteAnchoring';
import {
  Anchor,
  Annotation,
  AnnotationColor,
  isAnnotationColor,
  isAnnotationId,
  MAX_NOTE_LENGTH,
  MAX_QUOTE_LENGTH,
  newAnnotationId,
  TextPositionSelector,
  TextQuoteSelector,
} from './types';
import { PaperUserData } from '../papers';

export * from './types';
export { anchorQuote, maxErrorsFor, CONTEXT_LENGTH, MAX_ERROR_RATE } from './quoteAnchoring';

/** The key of the list in a paper's user data. */
export const ANNOTATIONS_KEY = 'annotations';

/** A note as stored: trimmed (lines too, at their ends), line endings as `\n`, bounded; undefined when empty. */
export function cleanNote(note: string | undefined): string | undefined {
  const text = (note ?? '')
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .map((line) => line.trimEnd())
    .join('\n')
    .trim()
    .slice(0, MAX_NOTE_LENGTH);
  return text || undefined;
}

export interface CreateOptions {
  id?: string;
  now?: Date;
}

/** The range without whitespace at its ends, clamped to the text; undefined when nothing is left. */
function trimmedRange(text: string, start: number, end: number): [number, number] | undefined {
  const clamp = (n: number) => Math.min(Math.max(0, Math.floor(Number.isFinite(n) ? n : 0)), text.length);
  let from = clamp(Math.min(start, end));
  let to = clamp(Math.max(start, end));
  while (from < to && /\s/.test(text[from])) from++;
  while (to > from && /\s/.test(text[to - 1])) to--;
  return from < to ? [from, to] : undefined;
}

/** The selectors of `text[from, to)`: the quote with up to `CONTEXT_LENGTH` characters each side, and the offsets. */
function targetAt(text: string, from: number, to: number): Annotation['target'] {
  return {
    selector: [
      {
        type: 'TextQuoteSelector',
        exact: text.slice(from, to),
        prefix: text.slice(Math.max(0, from - CONTEXT_LENGTH), from),
        suffix: text.slice(to, to + CONTEXT_LENGTH),
      },
      { type: 'TextPositionSelector', start: from, end: to },
    ],
  };
}

/** Known fields first in a fixed order, so stored entries read alike and diff well; others after, as they were. */
function canonical(a: Annotation): Annotation {
  const { id, color, note, created, modified, target, ...rest } = a;
  return { id, color, ...(note ? { note } : {}), created, modified, ...rest, target } as Annotation;
}

/**
 * A new annotation on `text[start, end)`. The range is clamped to the text and shrunk to leave out
 * whitespace at its ends; the quote keeps up to `CONTEXT_LENGTH` characters of context on each side.
 * Throws when nothing but whitespace is selected.
 */
export function createAnnotation(
  text: string,
  start: number,
  end: number,
  color: AnnotationColor,
  note?: string,
  options: CreateOptions = {},
): Annotation {
  const range = trimmedRange(text, start, end);
  if (!range) throw new Error('Papers: select some words of the abstract to highlight them.');
  const [from, to] = range;
  if (to - from > MAX_QUOTE_LENGTH)
    throw new Error(`Papers: a highlight is limited to ${MAX_QUOTE_LENGTH} characters.`);
  if (!isAnnotationColor(color)) throw new Error(`Papers: unknown highlight color ${JSON.stringify(color)}.`);
  const now = (options.now ?? new Date()).toISOString();
  const id = options.id ?? newAnnotationId(Date.parse(now));
  if (!isAnnotationId(id)) throw new Error(`Papers: invalid annotation id ${JSON.stringify(id)}.`);
  return canonical({ id, color, note: cleanNote(note), created: now, modified: now, target: targetAt(text, from, to) });
}

export const quoteSelectorOf = (a: Annotation): TextQuoteSelector => a.target.selector[0];
export const positionSelectorOf = (a: Annotation): TextPositionSelector => a.target.selector[1];

/** Where an annotation is in `text` now (see anchorQuote). */
export function anchorAnnotation(annotation: Annotation, text: string): Anchor {
  return anchorQuote(quoteSelectorOf(annotation), positionSelectorOf(annotation), text);
}

/**
 * Reads one stored entry; undefined when it is not an annotation this version understands. Selectors are
 * found by type, in any order; fields this version does not know are kept.
 */
export function toAnnotation(value: unknown): Annotation | undefined {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return undefined;
  const v = value as Record<string, unknown>;
  if (!isAnnotationId(v.id) || !isAnnotationColor(v.color)) return undefined;
  if (v.note !== undefined && typeof v.note !== 'string') return undefined;
  const selectors = (v.target as { selector?: unknown } | undefined)?.selector;
  const list = Array.isArray(selectors) ? selectors : selectors ? [selectors] : [];
  const quote = list.find(
    (s): s is TextQuoteSelector =>
      !!s && typeof s === 'object' && (s as TextQuoteSelector).type === 'TextQuoteSelector',
  );
  const position = list.find(
    (s): s is TextPositionSelector =>
      !!s && typeof s === 'object' && (s as TextPositionSelector).type === 'TextPositionSelector',
  );
  if (!quote || typeof quote.exact !== 'string' || !quote.exact) return undefined;
  const str = (s: unknown) => (typeof s === 'string' ? s : '');
  const num = (n: unknown) => (typeof n === 'number' && Number.isFinite(n) && n >= 0 ? Math.floor(n) : undefined);
  const start = num(position?.start);
  const end = num(position?.end);
  const created = str(v.created);
  return canonical({
    ...(v as object),
    id: v.id,
    color: v.color,
    created,
    modified: str(v.modified) || created,
    target: {
      ...(v.target as object),
      selector: [
        {
          ...quote,
          type: 'TextQuoteSelector',
          exact: quote.exact,
          prefix: str(quote.prefix),
          suffix: str(quote.suffix),
        },
        { ...(position ?? {}), type: 'TextPositionSelector', start: start ?? 0, end: end ?? start ?? 0 },
      ],
    },
  } as Annotation);
}

/** The annotations stored in a paper's data, sorted by id; entries this version cannot read are skipped. */
export function annotationsOf(data: Readonly<PaperUserData>): Annotation[] {
  const list = data[ANNOTATIONS_KEY];
  if (!Array.isArray(list)) return [];
  return list
    .map(toAnnotation)
    .filter((a): a is Annotation => a !== undefined)
    .sort(byId);
}

const idOf = (entry: unknown) =>
  entry && typeof entry === 'object' ? String((entry as { id?: unknown }).id ?? '') : '';
const byId = (a: unknown, b: unknown) => (idOf(a) < idOf(b) ? -1 : idOf(a) > idOf(b) ? 1 : 0);

/** The stored list with one entry replaced, added or removed; entries it cannot read are kept as they were. */
function withList(onDisk: PaperUserData, change: (list: unknown[]) => unknown[]): PaperUserData {
  const raw = onDisk[ANNOTATIONS_KEY];
  const list = Array.isArray(raw) ? [...raw] : [];
  const next = change(list).sort(byId);
  const out: PaperUserData = { ...onDisk };
  if (next.length) out[ANNOTATIONS_KEY] = next;
  else delete out[ANNOTATIONS_KEY];
  return out;
}

/** Adds (or replaces, by id) one annotation in what is on disk now; the other entries stay as they are. */
export function withAnnotationAdded(onDisk: PaperUserData, annotation: Annotation): PaperUserData {
  return withList(onDisk, (list) => [...list.filter((e) => idOf(e) !== annotation.id), canonical(annotation)]);
}

export interface AnnotationChange {
  color?: AnnotationColor;
  /** The new note; an empty text removes it. */
  note?: string;
  /** New selectors, when the passage was re-anchored in a changed text. */
  target?: Annotation['target'];
}

/**
 * Changes one annotation in what is on disk now. An annotation another window deleted meanwhile stays
 * deleted (the change is dropped); unknown fields of the entry are kept.
 */
export function withAnnotationEdited(
  onDisk: PaperUserData,
  id: string,
  change: AnnotationChange,
  now: Date = new Date(),
): PaperUserData {
  return withList(onDisk, (list) =>
    list.map((entry) => {
      if (idOf(entry) !== id) return entry;
      const current = toAnnotation(entry);
      if (!current) return entry;
      const next: Annotation = { ...current, modified: now.toISOString() };
      if (change.color !== undefined && isAnnotationColor(change.color)) next.color = change.color;
      if (change.note !== undefined) {
        const note = cleanNote(change.note);
        if (note) next.note = note;
        else delete next.note;
      }
      if (change.target) next.target = change.target;
      return canonical(next);
    }),
  );
}

/** Removes one annotation, by id, from what is on disk now. */
export function withAnnotationRemoved(onDisk: PaperUserData, id: string): PaperUserData {
  return withList(onDisk, (list) => list.filter((e) => idOf(e) !== id));
}

/** The selectors of the passage at `anchor` in `text`, to store after re-anchoring; undefined when detached. */
export function reanchoredTarget(text: string, anchor: Anchor): Annotation['target'] | undefined {
  if (anchor.status === 'detached') return undefined;
  const range = trimmedRange(text, anchor.start, anchor.end);
  return range && targetAt(text, range[0], range[1]);
}

/** An annotation with where it is now: the order and numbering every view shares. */
export interface AnchoredAnnotation {
  annotation: Annotation;
  anchor: Anchor;
  /** 1-based, in reading order; detached ones come last. */
  number: number;
}

/** Anchors every annotation in `text` and orders them as read: by position, detached ones after, by age. */
export function anchorAll(annotations: readonly Annotation[], text: string): AnchoredAnnotation[] {
  const anchored = annotations.map((annotation) => ({ annotation, anchor: anchorAnnotation(annotation, text) }));
  const rank = (x: (typeof anchored)[number]) => (x.anchor.status === 'detached' ? 1 : 0);
  anchored.sort(
    (a, b) =>
      rank(a) - rank(b) ||
      (rank(a) === 0 ? a.anchor.start - b.anchor.start || a.anchor.end - b.anchor.end : 0) ||
      byId(a.annotation, b.annotation),
  );
  return anchored.map((x, i) => ({ ...x, number: i + 1 }));
}

/** The quotes and notes of a paper's annotations as one text, for a search field. */
export function annotationsText(data: Readonly<PaperUserData>): string {
  return annotationsOf(data)
    .map((a) => [quoteSelectorOf(a).exact, a.note].filter(Boolean).join('\n'))
    .join('\n\n');
}

/** An IRI for a paper key (or a URL when the key already is one). */
function sourceIri(paperKey: string): string {
  return /^https?:\/\//i.test(paperKey) ? paperKey : `urn:papers:paper:${encodeURIComponent(paperKey)}`;
}

/** One annotation as W3C Web Annotation JSON-LD, for export to other annotation tools. */
export function toW3C(annotation: Annotation, paperKey: string): Record<string, unknown> {
  const [quote, position] = annotation.target.selector;
  const out: Record<string, unknown> = {
    '@context': 'http://www.w3.org/ns/anno.jsonld',
    id: `urn:papers:annotation:${encodeURIComponent(annotation.id)}`,
    type: 'Annotation',
    motivation: annotation.note ? 'commenting' : 'highlighting',
    created: annotation.created,
    modified: annotation.modified,
  };
  if (annotation.note)
    out.body = { type: 'TextualBody', value: annotation.note, format: 'text/plain', purpose: 'commenting' };
  out.target = {
    source: sourceIri(paperKey),
    styleClass: `papers-highlight-${annotation.color}`,
    selector: [
      { type: 'TextQuoteSelector', exact: quote.exact, prefix: quote.prefix, suffix: quote.suffix },
      { type: 'TextPositionSelector', start: position.start, end: position.end },
    ],
  };
  return out;
}
