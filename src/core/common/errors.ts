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

/**
 * True for the error of a file that is not there (workspace.fs's FileNotFound, node's ENOENT), false for one
 * that is there but cannot be read (permissions, I/O, a folder where a file belongs): such a file must never
 * be taken for missing and replaced.
 */
export function isFileNotFound(err: unknown): boolean {
  const code = (err as { code?: unknown } | null | undefined)?.code;
  return code === 'FileNotFound' || code === 'ENOENT';
}
