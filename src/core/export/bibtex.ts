/**
 * Papers as BibTeX `@misc` entries that BibTeX, biber and LaTeX Workshop read without complaint: every
 * LaTeX special character in text fields is escaped (braces as `\textbraceleft{}`, so the braces of the
 * file always balance), words whose capitals must survive a style's case change are protected, and
 * keys are made valid and unique. Unicode stays as it is (biber and LaTeX Workshop read UTF-8).
 */
import { mathSegments } from '../common';
import { paperArxivId } from '../papers';

/** What an export needs of a paper; `Paper` and `ParsedPaper` both fit. */
export interface ExportablePaper {
  id: string;
  abstract: string;
  /** The display title (a derived one when the source had none). */
  title?: string;
  sourceTitle?: string;
  /** The source title with its math as the file wrote it (`$O(H^2\sqrt{T})$`), when it has math. */
  sourceTitleMath?: string;
  authors?: string[];
  year?: string;
  url?: string;
  doi?: string;
  arxivId?: string;
  date?: string;
  categories?: string[];
}

export interface BibtexExportOptions<P> {
  /** The citation key of a paper (`paperKey(paper)` in the CLI; the user's chosen key in the editor). */
  keyOf(paper: P): string;
  /** The user's note on the paper, if any; an excerpt of it goes in the `note` field. */
  noteOf?(paper: P): string | undefined;
}

/** How much of a note the `note` field carries. */
export const NOTE_EXCERPT_CHARS = 500;

const LATEX_ESCAPES: Record<string, string> = {
  '\\': '\\textbackslash{}',
  '{': '\\textbraceleft{}',
  '}': '\\textbraceright{}',
  '%': '\\%',
  '&': '\\&',
  '#': '\\#',
  _: '\\_',
  $: '\\$',
  '^': '\\textasciicircum{}',
  '~': '\\textasciitilde{}',
  '<': '\\textless{}',
  '>': '\\textgreater{}',
  '|': '\\textbar{}',
};

/**
 * Text as LaTeX that prints as the text: specials escaped, whitespace collapsed, and the character pairs
 * LaTeX would join into a dash or a curly quote (`--`, ``` `` ```, `''`) kept apart with `{}`.
 */
export function latexEscape(text: string): string {
  return text
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/[\\{}%&#_$^~<>|]/g, (c) => LATEX_ESCAPES[c])
    .replace(/-(?=-)|`(?=`)|'(?=')/g, '$&{}');
}

/** A title whose words with capitals after their first letter (BERT, QuasarNet, GPT-4) keep them in every style. */
export function latexTitle(title: string): string {
  return title
    .replace(/\s+/g, ' ')
    .trim()
    .split(' ')
    .map((word) => (/[A-Z]/.test(word.slice(1)) ? `{${latexEscape(word)}}` : latexEscape(word)))
    .join(' ');
}

/** Math a .bib can carry as written: its braces balance (BibTeX counts escaped ones too) and no `%` ends the line. */
function bibtexSafeMath(tex: string): boolean {
  let depth = 0;
  for (const c of tex) {
    if (c === '{') depth++;
    else if (c === '}' && --depth < 0) return false;
  }
  return depth === 0 && !/(?<!\\)(?:\\\\)*%/.test(tex);
}

/**
 * A title with math (`Bounds of $O(H^2\sqrt{T})$ for {BERT}`): the math as written between `$`, the text
 * around it escaped as latexTitle escapes it. A word holding math is braced, so no style changes the case of
 * the math (`$O(n)$` is not `$o(n)$`). Undefined when some math would unbalance the entry.
 */
export function latexTitleWithMath(titleMath: string): string | undefined {
  const text = titleMath.replace(/\s+/g, ' ').trim();
  const segments = mathSegments(text);
  if (!segments.every((m) => bibtexSafeMath(m.tex) && !/(?<!\\)\$/.test(m.tex))) return undefined;
  const words: string[] = [];
  /** The word being built: its LaTeX, its text outside math, and whether it holds math. */
  let word = { latex: '', text: '', math: false };
  const endWord = () => {
    if (word.latex) words.push(word.math || /[A-Z]/.test(word.text.slice(1)) ? `{${word.latex}}` : word.latex);
    word = { latex: '', text: '', math: false };
  };
  const addText = (part: string) => {
    part.split(' ').forEach((piece, i) => {
      if (i > 0) endWord();
      word.latex += latexEscape(piece);
      word.text += piece;
    });
  };
  let at = 0;
  for (const m of segments) {
    addText(text.slice(at, m.start));
    // inline math in a title whatever its delimiters: `$…$` is what BibTeX styles and biber pass through
    word.latex += `$${m.tex.trim()}$`;
    word.math = true;
    at = m.end;
  }
  addText(text.slice(at));
  endWord();
  return words.join(' ');
}

/** `Last, First` or `Last, Jr, First`: the comma forms BibTeX reads as name parts. */
const NAME_PARTS = /^[^,]*[^,\s][^,]*(?:,[^,]*[^,\s][^,]*){1,2}$/;

/**
 * A name list joined with ` and `. A name BibTeX or biber would split or refuse (one holding " and ",
 * commas that are not `Last, First`, no letter at all) is braced, so it stays one name, as written.
 */
export function latexNames(names: string[]): string {
  return names
    .map((n) => latexEscape(n))
    .filter(Boolean)
    .map((n) => (/\sand\s/i.test(n) || (n.includes(',') && !NAME_PARTS.test(n)) || !/\p{L}/u.test(n) ? `{${n}}` : n))
    .join(' and ');
}

/** A URL or DOI as a verbatim field: only what would unbalance the entry (braces, backslashes, spaces) is percent-encoded. */
export function verbatimField(value: string): string {
  return value.trim().replace(/[{}\\\s]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`);
}

/** A valid BibTeX key: no spaces or characters BibTeX and biber treat specially; never empty. */
export function bibtexKey(key: string, fallback: string): string {
  const clean = key
    .trim()
    .replace(/[\s,{}()"#%'=\\~@]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return clean || fallback;
}

/** The start of a note, on one line, cut at a word boundary. */
export function noteExcerpt(note: string, max = NOTE_EXCERPT_CHARS): string {
  const one = note.replace(/\s+/g, ' ').trim();
  if (one.length <= max) return one;
  const cut = one.slice(0, max);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,;:.]+$/, '')}…`;
}

/** The papers as a .bib text, one `@misc` entry each, in the given order, with unique keys. */
export function toBibtex<P extends ExportablePaper>(papers: readonly P[], options: BibtexExportOptions<P>): string {
  const used = new Set<string>();
  const entries = papers.map((paper) => {
    const base = bibtexKey(options.keyOf(paper), `paper-${paper.id}`);
    let key = base;
    for (let n = 2; used.has(key.toLowerCase()); n++) key = `${base}-${n}`;
    used.add(key.toLowerCase());
    const fields: [string, string][] = [];
    const title = paper.sourceTitle ?? paper.title;
    // the file's math as written, so a reference manager reading the entry gets the title the file gave
    const withMath = paper.sourceTitle && paper.sourceTitleMath ? latexTitleWithMath(paper.sourceTitleMath) : undefined;
    if (title?.trim()) fields.push(['title', withMath ?? latexTitle(title)]);
    if (paper.authors?.length) fields.push(['author', latexNames(paper.authors)]);
    if (paper.year?.trim()) fields.push(['year', latexEscape(paper.year)]);
    if (paper.url?.trim()) fields.push(['url', verbatimField(paper.url)]);
    if (paper.doi?.trim()) fields.push(['doi', verbatimField(paper.doi)]);
    // arXiv's own form (https://info.arxiv.org/help/faq/references.html), which the import reads back
    const arxiv = paperArxivId(paper);
    if (arxiv) fields.push(['eprint', verbatimField(arxiv)], ['archivePrefix', 'arXiv']);
    if (arxiv && paper.categories?.length) fields.push(['primaryClass', latexEscape(paper.categories[0])]);
    // a paper known by its title only has no abstract to give
    if (paper.abstract) fields.push(['abstract', latexEscape(paper.abstract)]);
    const note = options.noteOf?.(paper);
    if (note?.trim()) fields.push(['note', latexEscape(noteExcerpt(note))]);
    return `@misc{${key},\n${fields.map(([name, value]) => `  ${name} = {${value}}`).join(',\n')}\n}\n`;
  });
  return entries.join('\n');
}
