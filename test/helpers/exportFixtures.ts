// Papers for the export tests (BibTeX, JSON, Markdown): made in memory, nothing read at import.
import fc from 'fast-check';
import { paperId, titleId } from '../../src/core/papers/ids';
import { ParsedPaper } from '../../src/core/papers/types';

/** A paper as a collection parser gives it, with its id made from the abstract. */
export function paper(abstract: string, extra: Partial<ParsedPaper> = {}): ParsedPaper {
  return { id: paperId(abstract), abstract, sources: [{ collection: 'test', line: 1 }], ...extra };
}

/** Whitespace runs as one space, as the exports write abstracts and titles. */
export const oneLine = (s: string) => s.replace(/\s+/g, ' ').trim();

/** Papers full of the characters BibTeX, LaTeX and Markdown treat specially: every metadata field, a title only, nothing. */
export const TRICKY: ParsedPaper[] = [
  paper('We use 50% of {a, b} & c_1 # $\\alpha$ ^ ~ < > | \\ -- --- `` \'\' "q" é α 😀 \\textbf{x} and a lone {.', {
    sourceTitle: 'BERT and QuasarNet: GPT-4 {x} for $x^2$ -- Über',
    authors: ['Jane Doe', 'R & D and Co', 'Émile Zola'],
    year: '2020',
    url: 'https://example.org/a b{c}?q=1%202#frag',
    doi: '10.1234/ab{c}',
  }),
  paper('A second one with an unbalanced } brace and a backslash at the end \\', { sourceTitle: 'Plain title' }),
  paper('Third, untitled.'),
];

/** A paper known only by its title (an entry without an abstract), with its authors and year. */
export const BOOK = {
  id: titleId('Atlas of Made-up Moths', '2004'),
  title: 'Atlas of Made-up Moths',
  sourceTitle: 'Atlas of Made-up Moths',
  abstract: '',
  authors: ['Mo Wing', 'Lu Night'],
  year: '2004',
  sources: [{ collection: 'books', line: 1 }],
};

/** Short texts made mostly of the characters BibTeX and LaTeX treat specially. */
export const SPECIAL_TEXT = fc
  .string({
    unit: fc.constantFrom(...'aZ 09{}[]\\$%&#_^~<>|"\'`-.,;:@=()é ü α—😀\n\t'.split('')),
    minLength: 1,
    maxLength: 80,
  })
  .filter((s) => s.trim() !== '');
