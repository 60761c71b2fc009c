/**
 * The stored shape of highlights and notes on an abstract, named after the W3C Web Annotation Data Model
 * (https://www.w3.org/TR/annotation-model/): a TextQuoteSelector (the quoted text with a little context) and a
 * TextPositionSelector (character offsets) per annotation. No logic beyond checks and ids, and no imports:
 * the webview page bundles this file too.
 */

export const ANNOTATION_COLORS = ['yellow', 'green', 'blue', 'pink'] as const;
export type AnnotationColor = (typeof ANNOTATION_COLORS)[number];

export interface TextQuoteSelector {
  type: 'TextQuoteSelector';
  exact: string;
  prefix: string;
  suffix: string;
}

export interface TextPositionSelector {
  type: 'TextPositionSelector';
  /** Offsets into the abstract, in UTF-16 code units, end exclusive. */
  start: number;
  end: number;
}

export interface Annotation {
  id: string;
  color: AnnotationColor;
  /** What the user wrote about the passage; absent for a plain highlight. */
  note?: string;
  /** ISO 8601 times. */
  created: string;
  modified: string;
  target: { selector: [TextQuoteSelector, TextPositionSelector] };
}

/**
 * Where an annotation is in the current text: `exact` where it was stored, `moved` the same words found
 * elsewhere (or with other spacing), `fuzzy` a close match of a changed passage, `detached` not found.
 */
export type AnchorStatus = 'exact' | 'moved' | 'fuzzy' | 'detached';
export const ANCHOR_STATUSES: readonly AnchorStatus[] = ['exact', 'moved', 'fuzzy', 'detached'];

export interface Anchor {
  start: number;
  end: number;
  status: AnchorStatus;
}

/** The longest note kept, far above anything typed by hand, so one paste cannot bloat the file. */
export const MAX_NOTE_LENGTH = 20_000;
/** The longest passage that can be highlighted. */
export const MAX_QUOTE_LENGTH = 20_000;

const ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/;

export const isAnnotationColor = (value: unknown): value is AnnotationColor =>
  (ANNOTATION_COLORS as readonly unknown[]).includes(value);
export const isAnnotationId = (value: unknown): value is string => typeof value === 'string' && ID_PATTERN.test(value);

/**
 * A new annotation id: the creation time in base 36 (so sorting ids sorts by age, and a list sorted by id
 * grows at its end) plus random hex digits, so two windows never pick the same one.
 */
export function newAnnotationId(now: number = Date.now(), random: () => number = Math.random): string {
  const time = Math.max(0, Math.floor(now)).toString(36).padStart(9, '0');
  let tail = '';
  for (let i = 0; i < 8; i++) tail += Math.floor(random() * 16).toString(16);
  return `${time}-${tail}`;
}
