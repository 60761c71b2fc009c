/**
 * LaTeX field values of BibTeX entries as plain text, through citation-js (accents, escapes, dashes,
 * protective braces, \emph...). Math in abstracts stays as written, `$...$` included, as in the other
 * formats and in Daily Papers, so the same abstract keeps the same id and still renders in Markdown.
 */
import { BibtexName, parse as parseValue } from '@citation-js/plugin-bibtex/lib/input/value.js';
import { decodeLatex, mathSegments, rewriteMath } from '../../common';
import { stripRichText } from './collect';

/** `$...$` and `$$...$$` with no unescaped `$` inside; the `\$` escape is not math. */
const MATH = /(?<!\\)\$\$?(?:[^$\\]|\\[\s\S])+?\$\$?/g;
/** Private-use characters stand for the math spans while the rest is converted; citation-js leaves them alone. */
const PLACEHOLDER = /\uE000(\d+)\uE001/g;

const collapse = (text: string) => text.replace(/\s+/g, ' ').trim();
/** Text with none of these has nothing for LaTeX to change (a fast path: most titles and abstracts). */
const LATEX_SPECIAL = /[\\{}$~]|--|''|``/;

/**
 * The last resort when citation-js cannot read a value (a lone `{` or `\`, an unclosed `$`): protective
 * braces dropped and the common escapes undone, everything else as written.
 */
export function roughLatexText(raw: string): string {
  return collapse(
    raw
      .replace(/\\(?:emph|textit|textbf|textsc|texttt|mathrm|text)\s*\{([^{}]*)\}/g, '$1')
      .replace(/\\([%&_#$])/g, '$1')
      .replace(/(?<!\\)[{}]/g, ''),
  );
}

/** A title, or any other text field, as plain text; math converted where citation-js can. */
export function latexToText(raw: string, field = 'title'): string {
  if (!LATEX_SPECIAL.test(raw)) return collapse(raw);
  try {
    return collapse(stripRichText(parseValue(raw, field)));
  } catch {
    return roughLatexText(raw);
  }
}

/**
 * A BibTeX title as plain text, and with its math as written when it has math (`titleMath`, the rest as plain
 * text). The math of the plain title is decoded by decodeLatex, as the other formats' titles are: citation-js
 * leaves most math commands as they are (`$\mathcal{O}(n)$` gave `\mathcalO(n)`, `\sqrt{T}` `\sqrtT`).
 */
export function latexTitleToText(raw: string): { title: string; titleMath?: string } {
  // read only when the title has math (citation-js is slow); an escaped dollar (`\$5`) is text, not math
  const titleMath = /\$|\\\(/.test(raw) && mathSegments(raw).length > 0 ? latexAbstractToText(raw) : undefined;
  const segments = titleMath === undefined ? [] : mathSegments(titleMath);
  if (titleMath === undefined || segments.length === 0) return { title: latexToText(raw, 'title'), titleMath };
  const title = rewriteMath(
    titleMath,
    (part) => part,
    (m) => decodeLatex(titleMath.slice(m.start, m.end)),
    segments,
  );
  return { title: collapse(title), titleMath };
}

/** An abstract as plain text, its math spans kept verbatim. */
export function latexAbstractToText(raw: string): string {
  if (!LATEX_SPECIAL.test(raw)) return collapse(raw);
  const math: string[] = [];
  const masked = raw.replace(MATH, (m) => `\uE000${math.push(m) - 1}\uE001`);
  let text: string;
  try {
    text = stripRichText(parseValue(masked, 'abstract'));
  } catch {
    text = roughLatexText(masked);
  }
  return collapse(text.replace(PLACEHOLDER, (_, i: string) => math[Number(i)] ?? ''));
}

/** A name list (`Doe, Jane and John Roe`) as display names (`Jane Doe`, `John Roe`). */
export function latexNames(raw: string): string[] {
  let names: BibtexName[];
  try {
    // citation-js lets a command eat the space before " and " (`Strau\ss and Doe` would be one name); BibTeX does not
    names = parseValue(raw.replace(/(\\(?:[A-Za-z]+|[^A-Za-z\s]))(?=\s+and\s)/gi, '$1{}'), 'author');
  } catch {
    return raw
      .split(/\s+and\s+/i)
      .map(roughLatexText)
      .filter(Boolean);
  }
  return names
    .map((n) => collapse(stripRichText(n.literal ?? [n.given, n.prefix, n.family, n.suffix].filter(Boolean).join(' '))))
    .filter(Boolean);
}
