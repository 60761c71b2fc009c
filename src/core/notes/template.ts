/**
 * Notes files: one Markdown file per paper, named by the paper's key, opening with YAML front matter that
 * names the paper so a renamed file still finds its paper. Pure: no editor, no file system.
 */
import { parseDocument, stringify } from 'yaml';
import { decodeLatex, MathSegment, mathSegments, rewriteMath } from '../common';
import { bylineOf, paperKey, paperPageOf } from '../papers';
import { Paper } from '../papers';

/** Longest file name stem, well under every file system's 255 bytes and Windows' 260-character paths. */
const MAX_STEM = 96;
/** How many id characters a file name carries: as in paperKey, enough for `idPartOfKey` to resolve it. */
const ID_PART = 7;

const RESERVED_WINDOWS = /^(con|prn|aux|nul|com\d|lpt\d)$/i;

/**
 * A stem safe on every platform: ASCII letters, digits, `_` and `-` only (so no separators, dots, control
 * characters or Windows-forbidden characters), no leading or trailing dash, no reserved device name.
 */
function safeStem(text: string): string {
  const stem = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9_]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return RESERVED_WINDOWS.test(stem) ? `${stem}-notes` : stem;
}

/** Cuts a stem to `max` characters, keeping its ending (the id part a key ends with). */
function cutKeepingEnd(stem: string, max: number): string {
  if (stem.length <= max) return stem;
  const end = /-[0-9a-f]{7,16}$/i.exec(stem)?.[0] ?? '';
  const head = stem.slice(0, max - end.length).replace(/-+$/, '');
  return head ? `${head}${end}` : end.replace(/^-/, '');
}

/**
 * The notes file name of a paper: `<key>.md`, where the key defaults to `paperKey(paper)`. Whatever the key
 * holds, the name is one plain path segment that cannot leave its folder, and it ends with the start of
 * the paper id so the file resolves back to its paper.
 */
export function notesFileName(paper: Pick<Paper, 'id' | 'title' | 'method'>, key: string = paperKey(paper)): string {
  const idPart = paper.id
    .toLowerCase()
    .replace(/[^0-9a-f]/g, '')
    .slice(0, ID_PART);
  let stem = safeStem(key);
  if (idPart && !stem.toLowerCase().endsWith(idPart)) stem = stem ? `${stem}-${idPart}` : idPart;
  stem = cutKeepingEnd(stem || safeStem(paperKey(paper)) || 'paper', MAX_STEM);
  return `${stem}.md`;
}

export interface NotesTemplateOptions {
  /** The paper key written in the front matter (`paperKey(paper)` by default). */
  key?: string;
  /** The readable label of the paper's theme (the theme id by default). */
  themeLabel?: string;
}

/** What the front matter of a notes file says about its paper; every field as written, when a string. */
export interface NotesFrontMatter {
  paper?: string;
  id?: string;
  title?: string;
  theme?: string;
  collections?: string[];
}

/**
 * One line of Markdown text that renders as written: no raw HTML tag, no list, heading or quote made by its
 * first characters. Backslashes stay, so LaTeX in abstracts still renders in the Markdown preview.
 */
export function inlineMarkdown(text: string): string {
  return markdownLineStart(text.replace(/<(?=[A-Za-z/!?])/g, '\\<'));
}

/** The line with what its first characters would make (a heading, a quote, a list item) escaped. */
function markdownLineStart(line: string): string {
  return line.replace(/^(#{1,6}(?=\s|$)|>|[-+*](?=\s|$))/, '\\$1').replace(/^(\d{1,9})([.)])(?=\s|$)/, '$1\\$2');
}

/** A character that keeps a `$` next to it from opening or closing math in VS Code's Markdown preview. */
const GLUES_DOLLAR = /[A-Za-z0-9_]/;

/**
 * A title as one line of Markdown: with its math as the file wrote it (`titleMath`, when given) as `$…$`, which
 * VS Code's Markdown preview renders with KaTeX, and the text around it as inlineMarkdown writes text, its dollars
 * escaped so that none opens math the title does not have. Math glued to a word (`E$^3$Net`) is written as
 * decoded text (E³Net): the preview reads a `$` after or before a letter or digit as a dollar sign.
 */
export function titleMarkdown(title: string, titleMath?: string): string {
  const text = (titleMath ?? title).replace(/\s+/g, ' ').trim() || 'Untitled paper';
  const segments = titleMath === undefined ? [] : mathSegments(text);
  if (segments.length === 0) return inlineMarkdown(text);
  const plain = (part: string) => part.replace(/[\\$]/g, '\\$&').replace(/<(?=[A-Za-z/!?])/g, '\\<');
  const math = (m: MathSegment) => {
    const glued = GLUES_DOLLAR.test(text[m.start - 1] ?? '') || GLUES_DOLLAR.test(text[m.end] ?? '');
    // inline math whatever its delimiters: the preview reads `$…$` and `$$…$$`, not `\(…\)`, and a title is one line
    return glued ? plain(decodeLatex(text.slice(m.start, m.end))) : `$${m.tex.trim()}$`;
  };
  return markdownLineStart(rewriteMath(text, plain, math, segments));
}

/**
 * The starting content of a paper's notes: front matter, the title, a link to its page when it has one, the abstract
 * quoted and a Notes section.
 */
export function renderNotesTemplate(paper: Paper, options: NotesTemplateOptions = {}): string {
  const frontMatter: Required<NotesFrontMatter> = {
    paper: options.key ?? paperKey(paper),
    id: paper.id,
    title: paper.title,
    theme: options.themeLabel ?? paper.theme,
    collections: [...paper.collections],
  };
  const yaml = stringify(frontMatter, { lineWidth: 0 });
  // the title's math as the file wrote it, when the title shown is the file's (the front matter keeps plain text)
  const title = titleMarkdown(paper.title, paper.title === paper.sourceTitle ? paper.sourceTitleMath : undefined);
  const quoted = paper.abstract
    .split(/\r?\n/)
    .map((line) => (line.trim() ? `> ${inlineMarkdown(line.trim())}` : '>'))
    .join('\n');
  // a paper known by its title has no abstract to quote: who wrote it and when, if the file says
  const lead = paper.abstract.trim() ? quoted : inlineMarkdown(bylineOf(paper));
  // the paper's page, one click from the notes (an http(s) address only; `<…>` so no character of it ends the link)
  const page = paperPageOf(paper);
  const link = page ? `[${inlineMarkdown(page.label).replace(/[[\]]/g, '\\$&')}](<${page.url}>)\n\n` : '';
  return `---\n${yaml}---\n\n# ${title}\n\n${link}${lead ? `${lead}\n\n` : ''}## Notes\n\n\n`;
}

/** The YAML between a leading `---` line and the next `---` or `...` line; undefined without one. */
function frontMatterSource(text: string): string | undefined {
  const m = /^\uFEFF?---[ \t]*\r?\n([\s\S]*?)^(?:---|\.\.\.)[ \t]*(?:\r?\n|$)/m.exec(text);
  return m && m.index === 0 ? m[1] : undefined;
}

/**
 * Reads the front matter of a notes file. Tolerant: text without front matter, broken YAML or YAML that is
 * not a mapping give undefined, never an exception. Scalars are read as strings (YAML's failsafe schema) so
 * an id such as `1234567e1234` is not turned into a number.
 */
export function readFrontMatter(text: string): NotesFrontMatter | undefined {
  const source = frontMatterSource(text);
  if (source === undefined) return undefined;
  let data: unknown;
  try {
    const doc = parseDocument(source, { schema: 'failsafe', uniqueKeys: false, prettyErrors: false });
    if (doc.errors.length) return undefined;
    data = doc.toJS({ maxAliasCount: 50 });
  } catch {
    return undefined;
  }
  if (!data || typeof data !== 'object' || Array.isArray(data)) return undefined;
  const record = data as Record<string, unknown>;
  const str = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : undefined);
  const out: NotesFrontMatter = {};
  const fields = ['paper', 'id', 'title', 'theme'] as const;
  for (const field of fields) {
    const value = str(record[field]);
    if (value !== undefined) out[field] = value;
  }
  if (Array.isArray(record.collections)) {
    out.collections = record.collections.filter((c): c is string => typeof c === 'string');
  }
  return out;
}

/** The paper a notes file names in its front matter: its `paper` key, else its `id`; undefined when none. */
export function readFrontMatterKey(text: string): string | undefined {
  const fm = readFrontMatter(text);
  return fm?.paper ?? fm?.id;
}

/** The default notes folder, relative to the first workspace folder. */
export const DEFAULT_NOTES_FOLDER = 'notes';

/**
 * Reads the `papers.notesFolder` setting: a relative folder inside the workspace, as `/`-separated segments.
 * Absolute paths, drive letters, URIs, `~`, `..` segments and empty values are refused with a `problem`
 * saying why, and the default folder is used instead, so notes never land outside the workspace.
 */
export function notesFolderSetting(raw: unknown): { folder: string; problem?: string } {
  if (raw === undefined || raw === null || raw === '') return { folder: DEFAULT_NOTES_FOLDER };
  if (typeof raw !== 'string') return { folder: DEFAULT_NOTES_FOLDER, problem: 'it is not a text value' };
  const value = raw.trim();
  const refuse = (problem: string) => ({ folder: DEFAULT_NOTES_FOLDER, problem });
  if (/[\u0000-\u001f\u007f]/.test(value)) return refuse('it contains control characters');
  if (/^[/\\]/.test(value) || /^[A-Za-z]:/.test(value)) return refuse('it is an absolute path');
  if (/^[A-Za-z][A-Za-z0-9+.-]*:/.test(value)) return refuse('it is a URI, not a folder name');
  if (value.startsWith('~')) return refuse('it points to the home folder');
  const segments = value.split(/[/\\]+/).filter((s) => s !== '' && s !== '.');
  if (segments.some((s) => s.trim() === '..')) return refuse('it goes up out of the workspace with ".."');
  if (segments.some((s) => s.trim() !== s || /[.]$/.test(s)))
    return refuse('a folder name in it starts or ends with a space or ends with a dot');
  if (!segments.length) return refuse('it names the workspace folder itself, not a folder inside it');
  return { folder: segments.join('/') };
}
