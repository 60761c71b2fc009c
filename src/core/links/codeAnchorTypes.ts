/** The shapes of a code anchor and of re-anchoring's answer, shared by the exact and the tolerant search. */

export interface TextPosition {
  line: number;
  character: number;
}

/** 0-based, end exclusive (as in VS Code). */
export interface TextRange {
  startLine: number;
  startCharacter: number;
  endLine: number;
  endCharacter: number;
}

export interface CodeAnchor {
  /** The linked text, with `\n` line endings. */
  text: string;
  /** Context just before the linked text: up to CONTEXT_LINES lines (the start of the first line included). */
  before: string;
  /** Context just after: the rest of the last line and up to CONTEXT_LINES more lines. */
  after: string;
  /**
   * How many times the text occurred in the file when the anchor was taken, when more than once. If a copy
   * disappears later, the one left may be another's, so it must then also agree with the context.
   */
  copies?: number;
}

export type AnchorStatus = 'ok' | 'moved' | 'stale';

/** How the text was found: `exact` at the stored range, or elsewhere exactly, whitespace-insensitively or approximately. */
export type AnchorMethod = 'exact' | 'relocated' | 'whitespace' | 'approximate';

export interface Reanchored {
  status: AnchorStatus;
  /** Where the linked text is now; absent when stale. */
  range?: TextRange;
  method?: AnchorMethod;
}
