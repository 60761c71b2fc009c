/** Shared data types of the core. No `vscode`, no `fs`: plain data. */

/** Where one abstract was found: a collection (file) and the 1-based line in it. */
export interface PaperSource {
  collection: string;
  line: number;
}

/** A paper as parsed, before analysis. */
export interface ParsedPaper {
  /** Stable id derived from the normalized abstract text (see ids.ts). */
  id: string;
  /** The abstract as written in the file, trimmed. */
  abstract: string;
  /** A real title when the format brings one (BibTeX, CSL-JSON...); Daily Papers has none. */
  sourceTitle?: string;
  /**
   * The source title with its math as the file wrote it (`$\mathcal{O}(n)$`) and the rest decoded, for the paper
   * view to render; only when the title has math. `sourceTitle` is the same title as plain Unicode text.
   */
  sourceTitleMath?: string;
  /** Authors as display names ("Jane Doe"), when the format brings them. */
  authors?: string[];
  /** Year of publication (four digits), when known. */
  year?: string;
  url?: string;
  /** A bare DOI (`10.1234/abc`), without the resolver prefix. */
  doi?: string;
  /** The arXiv id (`2401.01234v2`, `hep-th/9901001`) when the file names one. */
  arxivId?: string;
  /** The date of publication as the file gives it, `YYYY-MM-DD` or `YYYY-MM`, when more precise than the year. */
  date?: string;
  /** Subject categories (`cs.CL`, `stat.ML`), primary first, when the file lists them. */
  categories?: string[];
  /** The entry's own key in its file (BibTeX key, CSL-JSON id, arXiv id), for messages and exports. */
  sourceKey?: string;
  sources: PaperSource[];
}

/**
 * The bibliographic fields a format may bring: a paper seen in several files takes each from the first file
 * that has it, and a paper already analyzed takes them again from its files.
 */
export const PAPER_METADATA_FIELDS = [
  'sourceTitle',
  'sourceTitleMath',
  'authors',
  'year',
  'url',
  'doi',
  'sourceKey',
  'arxivId',
  'date',
  'categories',
] as const;

/** A paper after analysis: everything the views show. */
export interface Paper extends ParsedPaper {
  /** Short display title (method name + descriptor, or a compact descriptor). */
  title: string;
  /** The name of the method, system or benchmark the abstract introduces, or null. */
  method: string | null;
  /** Informative words and two-word phrases, most informative first. */
  keywords: string[];
  /** The id of the theme this paper belongs to. */
  theme: string;
  /** Names of the collections listing this paper, in load order. */
  collections: string[];
}

export interface Theme {
  id: string;
  label: string;
  /** Paper ids, in display order. */
  paperIds: string[];
  /** True for a theme the user defined. */
  user?: boolean;
  /** The id of the broad theme this one is a subtheme of; absent for a theme at the top. */
  parent?: string;
  /**
   * For a broad theme that is an arXiv field: its code (`cs.CL`, or an archive such as `math` for the fields of
   * it too small to stand alone), from the field model (core/fields).
   */
  field?: string;
}
