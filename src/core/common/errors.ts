/** A problem found while loading input: always names the file and, when known, the line. */
export interface LoadProblem {
  file: string;
  line?: number;
  message: string;
}

/** `file:line: message`, as editors and terminals link it. */
export function formatProblem(p: LoadProblem): string {
  return `${p.file}${p.line !== undefined ? `:${p.line}` : ''}: ${p.message}`;
}

/** Thrown by parsers for input they cannot read at all. */
export class PapersInputError extends Error {
  constructor(
    readonly file: string,
    readonly line: number | undefined,
    message: string,
  ) {
    super(formatProblem({ file, line, message }));
    this.name = 'PapersInputError';
  }
  toProblem(): LoadProblem {
    return { file: this.file, line: this.line, message: this.message.replace(/^[^:]*(:\d+)?: /, '') };
  }
}
