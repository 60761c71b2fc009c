import { LoadProblem } from '../../common';
import { ParsedPaper } from '../../papers';

/** What a parser makes of one file: the papers it read and the problems it found on the way. */
export interface ParseResult {
  papers: ParsedPaper[];
  problems: LoadProblem[];
}

/** A parser for one file format: text in, papers and problems out; throws PapersInputError for unreadable input. */
export type FormatParser = (text: string, file: string) => ParseResult;
