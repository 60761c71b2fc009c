import { PapersInputError } from './errors';

/** 1-based line of a character offset. */
export function lineOfOffset(text: string, offset: number): number {
  let line = 1;
  for (let i = text.indexOf('\n'); i !== -1 && i < offset; i = text.indexOf('\n', i + 1)) line++;
  return line;
}

/**
 * Parses a JSON file the user keeps (under `.papers/`); a syntax error becomes a PapersInputError naming
 * the file and the line JSON.parse stopped at, so the message points where to look.
 */
export function parseJsonFile(text: string, file: string): unknown {
  try {
    return JSON.parse(text);
  } catch (err) {
    const message = (err as Error).message;
    const pos = /position (\d+)/.exec(message);
    throw new PapersInputError(file, pos ? lineOfOffset(text, Number(pos[1])) : undefined, `not valid JSON (${message})`);
  }
}
