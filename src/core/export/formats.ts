/**
 * Papers as JSON (one object per paper, every known field) and as Markdown (a reading list), the other
 * formats of `papers export` besides BibTeX (bibtex.ts).
 */
import { ExportablePaper, noteExcerpt } from './bibtex';
import { inlineMarkdown, titleMarkdown } from '../notes';
import { paperArxivId, paperPageOf } from '../papers';

export interface ExportOptions<P> {
  keyOf(paper: P): string;
  noteOf?(paper: P): string | undefined;
  /** The collections (file names) a paper was listed in. */
  collectionsOf?(paper: P): string[];
}

export interface ExportedPaper {
  key: string;
  id: string;
  title: string | null;
  authors: string[];
  year: string | null;
  url: string | null;
  doi: string | null;
  arxivId: string | null;
  /** `YYYY-MM-DD` or `YYYY-MM` when the file gave more than the year. */
  date: string | null;
  categories: string[];
  /** The paper's page: arXiv's abs page, the DOI resolver or its http(s) URL (see core/papers/paperPage.ts). */
  page: string | null;
  abstract: string;
  collections: string[];
  note: string | null;
}

export function toExportJson<P extends ExportablePaper>(
  papers: readonly P[],
  options: ExportOptions<P>,
): ExportedPaper[] {
  return papers.map((p) => {
    const note = options.noteOf?.(p)?.trim();
    return {
      key: options.keyOf(p),
      id: p.id,
      // plain Unicode, never the title's math as written (sourceTitleMath): a JSON title is plain text to its readers
      // (CSL-JSON's is, and Zotero reads HTML-like tags in it, not LaTeX)
      title: p.sourceTitle ?? p.title ?? null,
      authors: p.authors ?? [],
      year: p.year ?? null,
      url: p.url ?? null,
      doi: p.doi ?? null,
      arxivId: paperArxivId(p) ?? null,
      date: p.date ?? null,
      categories: p.categories ?? [],
      page: paperPageOf(p)?.url ?? null,
      abstract: p.abstract,
      collections: options.collectionsOf?.(p) ?? [],
      note: note ? note : null,
    };
  });
}

/** A link target that cannot end the Markdown link early. */
const linkTarget = (url: string) => url.trim().replace(/[\s()<>]/g, (c) => encodeURIComponent(c));

/** A reading list: a heading per paper (title and key), its authors, year and links, the abstract quoted, the note. */
export function toMarkdown<P extends ExportablePaper>(papers: readonly P[], options: ExportOptions<P>): string {
  const blocks = papers.map((p) => {
    // the file's title with its math, which a Markdown viewer with KaTeX renders (VS Code's preview does)
    const title = titleMarkdown(p.sourceTitle ?? p.title ?? '', p.sourceTitle ? p.sourceTitleMath : undefined);
    const lines = [`## ${title}`, '', `\`${options.keyOf(p).replace(/`/g, "'")}\``];
    const meta = [p.authors?.length ? p.authors.join(', ') : undefined, p.year].filter(Boolean).join(' · ');
    if (meta) lines.push('', inlineMarkdown(meta));
    const arxiv = paperArxivId(p);
    const links = [
      arxiv ? `[arXiv:${inlineMarkdown(arxiv)}](https://arxiv.org/abs/${linkTarget(arxiv)})` : undefined,
      p.url ? `[link](${linkTarget(p.url)})` : undefined,
      p.doi ? `[doi:${inlineMarkdown(p.doi)}](https://doi.org/${linkTarget(p.doi)})` : undefined,
    ].filter(Boolean);
    if (links.length) lines.push('', links.join(' · '));
    if (p.abstract) lines.push('', `> ${inlineMarkdown(p.abstract.replace(/\s+/g, ' ').trim())}`);
    const note = options.noteOf?.(p)?.trim();
    if (note) lines.push('', `**Note:** ${inlineMarkdown(noteExcerpt(note))}`);
    return lines.join('\n');
  });
  return `# Papers\n\n${blocks.join('\n\n')}\n`;
}
