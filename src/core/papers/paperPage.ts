/**
 * The paper's own page on the web, from what its file said: the arXiv abstract page for an arXiv id, the DOI
 * resolver for a DOI, else the entry's URL. Papers fetches nothing; the editor opens the page in the browser,
 * so only http and https addresses ever leave here (a `file:`, `command:` or `javascript:` URL in a
 * collection is data, not something to open).
 */
import type { ParsedPaper } from './types';

/** New-style arXiv ids (`2401.01234`, `2401.01234v2`) and old-style ones (`hep-th/9901001`, `math.AG/0601001v1`). */
const ARXIV_ID = /^(?:\d{4}\.\d{4,5}|[a-z]+(?:-[a-z]+)*(?:\.[A-Z]{2})?\/\d{7})(?:v\d+)?$/;
/** Where an arXiv id sits in text that may carry more: `arXiv:…`, an abs or pdf URL, arXiv's own DOI. */
const ARXIV_IN = [
  /^arxiv:\s*(\S+)$/i,
  /^https?:\/\/(?:www\.|export\.)?arxiv\.org\/(?:abs|pdf)\/(.+?)(?:\.pdf)?\/?$/i,
  /^10\.48550\/arxiv\.(\S+)$/i,
];

/** The arXiv id a text holds (a bare id, `arXiv:id`, an abs or pdf URL, arXiv's DOI); undefined otherwise. */
export function arxivIdOf(text: string | undefined): string | undefined {
  const t = text?.trim();
  if (!t) return undefined;
  if (ARXIV_ID.test(t)) return t;
  for (const re of ARXIV_IN) {
    const m = re.exec(t);
    if (m && ARXIV_ID.test(m[1])) return m[1];
  }
  return undefined;
}

/** The address as the browser would open it, when it is an http or https URL with a host and no credentials. */
export function webUrl(text: string | undefined): string | undefined {
  const t = text?.trim();
  if (!t || /\s/.test(t)) return undefined;
  let url: URL;
  try {
    url = new URL(t);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
  if (!url.hostname || url.username || url.password) return undefined;
  return url.href;
}

export interface PaperPage {
  url: string;
  /** What the page is: the button says "Open on arXiv", "Open DOI" or "Open Paper Page". */
  kind: 'arxiv' | 'doi' | 'url';
  /** The identifier as a reader quotes it: `arXiv:2401.01234`, `doi:10.1234/x`, or the URL. */
  label: string;
}

type PageFields = Pick<ParsedPaper, 'arxivId' | 'doi' | 'url' | 'sourceKey'>;

/** The paper's arXiv id: its own field, else one its URL, DOI or key (a JSON Lines or Atom `id`) holds. */
export function paperArxivId(paper: PageFields): string | undefined {
  return arxivIdOf(paper.arxivId) ?? arxivIdOf(paper.url) ?? arxivIdOf(paper.doi) ?? arxivIdOf(paper.sourceKey);
}

/** The page to open for a paper (arXiv first: free to read; then the DOI, then the URL); undefined when none. */
export function paperPageOf(paper: PageFields): PaperPage | undefined {
  const arxiv = paperArxivId(paper);
  if (arxiv) return { kind: 'arxiv', url: `https://arxiv.org/abs/${arxiv}`, label: `arXiv:${arxiv}` };
  const doi = paper.doi?.trim();
  if (doi && /^10\.\d{4,9}\/\S+$/.test(doi)) {
    const url = webUrl(`https://doi.org/${doi.split('/').map(encodeURIComponent).join('/')}`);
    if (url) return { kind: 'doi', url, label: `doi:${doi}` };
  }
  const url = webUrl(paper.url);
  return url ? { kind: 'url', url, label: url } : undefined;
}
