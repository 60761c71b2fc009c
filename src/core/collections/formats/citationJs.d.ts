// Types for the parts of @citation-js/plugin-bibtex the BibTeX parser uses (the package ships none for them).

declare module '@citation-js/plugin-bibtex/lib/input/file.js' {
  /** One data entry of a .bib text; @string and @preamble give none. */
  export interface BibtexFileEntry {
    type: string;
    label: string;
    properties: Record<string, string | number>;
  }
  /** Parses a whole .bib text; throws a SyntaxError (or a lexer Error) at the first thing it cannot read. */
  export function parse(text: string): BibtexFileEntry[];
  /** The parser behind parse(): each parse starts from a copy of `defaultState` (plain objects in it are copied). */
  export const bibtexGrammar: { defaultState: { strings: Record<string, unknown> } };
}

declare module '@citation-js/plugin-bibtex/lib/input/value.js' {
  export interface BibtexName {
    given?: string;
    family?: string;
    prefix?: string;
    suffix?: string;
    literal?: string;
  }
  /** Turns a field's raw LaTeX into text (names into name parts); throws on LaTeX it cannot read. */
  export function parse(value: string, field: 'author' | 'editor'): BibtexName[];
  export function parse(value: string, field: string): string;
}
