/**
 * Where an abstract writes math: `$…$` and `\(…\)` inline, `$$…$$` and `\[…\]` displayed. The paper view renders
 * these segments and shows the rest as text; the offsets are the text's own, so highlights (offsets into the
 * abstract) and math can be drawn together. Read as authors write abstracts rather than as TeX does: a `$` that
 * opens is not followed by a space, one that closes is not preceded by one nor followed by a digit (so "costs $5
 * and $10" is not math), `\$` is a dollar, and math never crosses a blank line. What does not close is text.
 * No imports: the page bundles this module on its own.
 */

export interface MathSegment {
  /** Offsets of the segment, delimiters included. */
  start: number;
  end: number;
  /** The TeX between the delimiters. */
  tex: string;
  display: boolean;
}

/** Math longer than this is not an abstract's formula but an unclosed `$` far from its partner. */
export const MAX_MATH_CHARS = 2000;

const CLOSERS: Record<string, { close: string; display: boolean }> = {
  $$: { close: '$$', display: true },
  $: { close: '$', display: false },
  '\\(': { close: '\\)', display: false },
  '\\[': { close: '\\]', display: true },
};

/** The math segments of `text`, in order, not overlapping. */
export function mathSegments(text: string): MathSegment[] {
  const out: MathSegment[] = [];
  let i = 0;
  while (i < text.length) {
    const c = text[i];
    if (c === '\\' && text[i + 1] !== '(' && text[i + 1] !== '[') {
      i += 2; // an escaped character (`\$`, `\\`) is never a delimiter
      continue;
    }
    const open = c === '$' ? (text[i + 1] === '$' ? '$$' : '$') : c === '\\' ? text.slice(i, i + 2) : undefined;
    const segment = open !== undefined ? closing(text, i, open) : undefined;
    if (segment) {
      out.push(segment);
      i = segment.end;
    } else i += open?.length ?? 1;
  }
  return out;
}

/**
 * `text` rebuilt stretch by stretch: the text between math segments through `outside`, each segment (delimiters
 * included in its offsets) through `inside`.
 */
export function rewriteMath(
  text: string,
  outside: (part: string) => string,
  inside: (segment: MathSegment) => string,
  segments: readonly MathSegment[] = mathSegments(text),
): string {
  let out = '';
  let at = 0;
  for (const m of segments) {
    out += outside(text.slice(at, m.start)) + inside(m);
    at = m.end;
  }
  return out + outside(text.slice(at));
}

/** The segment opened at `start` by `open`, when it closes by the rules above. */
function closing(text: string, start: number, open: string): MathSegment | undefined {
  const { close, display } = CLOSERS[open];
  const from = start + open.length;
  if (open === '$' && (from >= text.length || /\s/.test(text[from]))) return undefined;
  const limit = Math.min(text.length, from + MAX_MATH_CHARS);
  for (let j = from; j < limit; j++) {
    const c = text[j];
    if (c === '\n' && /^\n[^\S\n]*\n/.test(text.slice(j, j + 64))) return undefined; // a blank line: a new paragraph
    if (c === '\\' && !text.startsWith(close, j)) {
      j++; // `\$` inside math is a dollar sign, not the end
      continue;
    }
    if (!text.startsWith(close, j)) continue;
    if (open === '$') {
      if (text[j + 1] === '$') return undefined; // `$a$$`: not what anyone means; left as text
      if (/\s/.test(text[j - 1]) || /\d/.test(text[j + 1] ?? '')) continue;
    }
    const tex = text.slice(from, j);
    if (tex.trim() === '') return undefined;
    return { start, end: j + close.length, tex, display };
  }
  return undefined;
}
