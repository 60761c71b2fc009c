/**
 * The core reads files only through this interface, so it runs under node, in the
 * VS Code extension host (workspace.fs) and in a browser build alike.
 */
export interface FileSource {
  readFile(path: string): Promise<Uint8Array>;
}
