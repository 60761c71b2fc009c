/** A problem found while loading input: always names the file and, when known, the line. */
export interface LoadProblem {
  file: string;
  line?: number;
  message: string;
}

/** Thrown by parsers for input they cannot read at all. */
export class PapersInputError extends Error {
  constructor(readonly file: string, readonly line: number | undefined, message: string) {
    super(`${file}${line !== undefined ? `:${line}` : ''}: ${message}`);
    this.name = 'PapersInputError';
  }
  toProblem(): LoadProblem {
    return { file: this.file, line: this.line, message: this.message.replace(/^[^:]*(:\d+)?: /, '') };
  }
}
