/**
 * Finds the entries of a .bib text before any of them is parsed, so that one broken entry (unbalanced
 * braces, a file cut off in the middle) costs only itself: the parser then reads each span on its own.
 * Braces are counted as citation-js counts them (`\{` and `\}` are text); text between entries is a
 * comment, as for BibTeX itself.
 */

/** An `@type{` (or `@type(`) that opens an entry. */
const ENTRY_START = /@[ \t\r\n]*([A-Za-z][\w:+-]*)[ \t\r\n]*([{(])/y;
/** The same at the start of a line: where a new entry begins for sure, so an unclosed one ends there. */
const LINE_START_ENTRY = /[ \t]*@[ \t]*[A-Za-z][\w:+-]*[ \t]*[{(]/y;
/** The key right after the opening brace, for messages. */
const KEY = /[ \t\r\n]*([^,\s{}()"=#%]+)[ \t\r\n]*,/y;

/** Deeper nesting than this is not a bibliography entry (and would make a recursive parser overflow). */
export const MAX_BRACE_DEPTH = 200;

export interface BibtexSpan {
  /** Lowercased entry type: `article`, `string`, `preamble`... */
  type: string;
  key?: string;
  /** Offsets of the `@` and just after the closing delimiter. */
  start: number;
  end: number;
}

export interface BibtexSpanProblem {
  /** Offset of the entry's `@`. */
  start: number;
  key?: string;
  /** Offset where the scanner gave up on it (the next entry, or the end of the file). */
  stoppedAt: number;
  reason: 'unclosed' | 'too-deep';
}

export interface BibtexScan {
  spans: BibtexSpan[];
  problems: BibtexSpanProblem[];
}

/** True when a new entry starts on the line that begins at `offset`. */
function entryStartsLine(text: string, offset: number): boolean {
  LINE_START_ENTRY.lastIndex = offset;
  return LINE_START_ENTRY.test(text);
}

/**
 * Where the entry whose body starts at `from` ends: just after its closing delimiter, or a problem.
 * A `(`-delimited entry ends at the first `)` outside braces.
 */
function findEnd(
  text: string,
  from: number,
  open: string,
): { end: number } | { stoppedAt: number; reason: BibtexSpanProblem['reason'] } {
  let depth = 0;
  for (let i = from; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x5c /* \ */) i++;
    else if (c === 0x7b /* { */) {
      if (++depth > MAX_BRACE_DEPTH) return { stoppedAt: i, reason: 'too-deep' };
    } else if (c === 0x7d /* } */) {
      if (depth === 0) {
        if (open === '{') return { end: i + 1 };
      } else depth--;
    } else if (c === 0x29 /* ) */ && open === '(' && depth === 0) return { end: i + 1 };
    else if (c === 0x0a /* \n */ && entryStartsLine(text, i + 1)) return { stoppedAt: i + 1, reason: 'unclosed' };
  }
  return { stoppedAt: text.length, reason: 'unclosed' };
}

/** Splits a .bib text into entry spans; `@comment` entries and text between entries are skipped. */
export function scanBibtex(text: string): BibtexScan {
  const spans: BibtexSpan[] = [];
  const problems: BibtexSpanProblem[] = [];
  let at = text.indexOf('@');
  while (at >= 0) {
    ENTRY_START.lastIndex = at;
    const m = ENTRY_START.exec(text);
    if (!m) {
      at = text.indexOf('@', at + 1);
      continue;
    }
    const type = m[1].toLowerCase();
    const bodyStart = at + m[0].length;
    KEY.lastIndex = bodyStart;
    const key = type === 'string' || type === 'preamble' || type === 'comment' ? undefined : KEY.exec(text)?.[1];
    const found = findEnd(text, bodyStart, m[2]);
    if ('end' in found) {
      if (type !== 'comment') spans.push({ type, key, start: at, end: found.end });
      at = text.indexOf('@', found.end);
    } else if (type === 'comment') {
      // An @comment without balanced braces is a one-line comment, as BibTeX reads it.
      const eol = text.indexOf('\n', at);
      at = eol < 0 ? -1 : text.indexOf('@', eol);
    } else {
      problems.push({ start: at, key, stoppedAt: found.stoppedAt, reason: found.reason });
      at = found.reason === 'unclosed' ? text.indexOf('@', found.stoppedAt) : nextLineStartEntry(text, found.stoppedAt);
    }
  }
  return { spans, problems };
}

/** After an entry too deep to read, the next entry that starts a line. */
function nextLineStartEntry(text: string, from: number): number {
  for (let nl = text.indexOf('\n', from); nl >= 0; nl = text.indexOf('\n', nl + 1)) {
    if (entryStartsLine(text, nl + 1)) return text.indexOf('@', nl + 1);
  }
  return -1;
}
