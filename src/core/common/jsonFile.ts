import { PapersInputError } from './errors';
import { lineOfOffset } from './lines';

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
    throw new PapersInputError(
      file,
      pos ? lineOfOffset(text, Number(pos[1])) : undefined,
      `not valid JSON (${message})`,
    );
  }
}
