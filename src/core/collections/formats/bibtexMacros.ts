/**
 * The `@string` macros of a .bib file, read once and handed to citation-js for every batch of entries (instead of
 * parsing all the definitions again before each batch, which made a file of many macros and many broken entries
 * quadratic). A macro may expand to at most MAX_MACRO_CHARS: a doubling chain (`m1 = m0 # m0` ... `m30`) would
 * otherwise reach a gigabyte. A macro past the cap, and any macro built from it, is kept as a marker that fails
 * the entry using it, so one bad definition costs only the entries that use it.
 */
import { bibtexGrammar, BibtexFileEntry, parse as parseBibtexText } from '@citation-js/plugin-bibtex/lib/input/file.js';

/** The longest text a macro may stand for: the longest entry read at all (bibtex.ts's MAX_ENTRY_CHARS). */
export const MAX_MACRO_CHARS = 200_000;

/** Thrown when an entry (or a macro) uses a macro that stands for too much text. */
export class MacroTooLongError extends Error {
  constructor(readonly macro: string) {
    super(
      `it uses the @string "${macro}", which stands for more than ${MAX_MACRO_CHARS.toLocaleString('en-US')} characters`,
    );
    this.name = 'MacroTooLongError';
  }
}

/** What a refused macro stands for: using it in an expression throws, using it alone leaves it in the entry. */
class RefusedMacro {
  constructor(readonly name: string) {}
  toString(): never {
    throw new MacroTooLongError(this.name);
  }
  [Symbol.toPrimitive](): never {
    throw new MacroTooLongError(this.name);
  }
}

/**
 * Macro names to values, without a prototype: citation-js's parser copies plain objects for each parse but passes
 * other objects through, so the table is shared by every batch instead of copied (and `constructor` is a name like
 * any other).
 */
export type MacroTable = Record<string, string | number | RefusedMacro>;

/** A table with the macros BibTeX predefines (the month names), as citation-js has them. */
export function newMacroTable(): MacroTable {
  const table = Object.create(null) as MacroTable;
  Object.assign(table, bibtexGrammar.defaultState.strings);
  return table;
}

/** Parses .bib text with the macros of `table` known (and @string definitions in it added to the table). */
export function parseWithMacros(text: string, table: MacroTable): BibtexFileEntry[] {
  const saved = bibtexGrammar.defaultState;
  bibtexGrammar.defaultState = { strings: table };
  try {
    return parseBibtexText(text);
  } finally {
    bibtexGrammar.defaultState = saved;
  }
}

const STRING_NAME = /^@[ \t\r\n]*string[ \t\r\n]*[{(][ \t\r\n]*([a-zA-Z_][a-zA-Z0-9_:+-]*)/i;

/**
 * Adds the @string of `source` to the table, read with the macros defined before it. Returns what is wrong with
 * it, or undefined. A definition that is too long, or built from one that is, stays in the table as refused; only
 * the first of a chain is reported (the entries that use any of them say which one they use).
 */
export function defineMacro(source: string, table: MacroTable): string | undefined {
  const name = STRING_NAME.exec(source)?.[1]?.toLowerCase();
  try {
    parseWithMacros(source, table);
  } catch (err) {
    const tooLong = err instanceof MacroTooLongError || err instanceof RangeError;
    if (!tooLong || name === undefined) throw err;
    table[name] = new RefusedMacro(name);
    return err instanceof MacroTooLongError ? undefined : tooLongMessage(name);
  }
  const value = name === undefined ? undefined : table[name];
  if (typeof value === 'string' && value.length > MAX_MACRO_CHARS) {
    table[name!] = new RefusedMacro(name!);
    return tooLongMessage(name!);
  }
  return undefined;
}

function tooLongMessage(name: string): string {
  return `this @string "${name}" stands for more than ${MAX_MACRO_CHARS.toLocaleString('en-US')} characters; entries that use it are skipped`;
}

/** Why an entry read with the table cannot be kept (it uses a refused macro, or expands past the cap); else undefined. */
export function expansionProblem(entry: BibtexFileEntry, maxChars: number): string | undefined {
  let total = 0;
  for (const value of Object.values(entry.properties) as unknown[]) {
    if (value instanceof RefusedMacro) return new MacroTooLongError(value.name).message;
    total += typeof value === 'string' ? value.length : 0;
  }
  if (total > maxChars)
    return `its fields expand to ${total.toLocaleString('en-US')} characters with their @string macros, more than an entry can hold`;
  return undefined;
}
