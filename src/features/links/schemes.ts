/**
 * The URI schemes of the documents Papers links, lenses and completes in: the local disk and a remote folder
 * always, and whatever scheme the workspace's folders use (`vscode-vfs` on github.dev and vscode.dev's GitHub
 * repositories, `vscode-remote` in code-server), never the editor's own views of a file (`git:`, diff sides, output).
 * Pure (no editor import), so the unit tests check it.
 */
const ALWAYS = ['file', 'vscode-remote'];

/** Schemes that are the editor's copies or views, never a file of the workspace, even as a folder's scheme. */
const NOT_FILES = new Set(['untitled', 'git', 'output', 'vscode-scm', 'walkThrough', 'vscode-settings']);

export function linkableSchemes(folderSchemes: readonly string[]): string[] {
  const schemes = [...ALWAYS];
  for (const s of folderSchemes) if (!schemes.includes(s) && !NOT_FILES.has(s)) schemes.push(s);
  return schemes;
}
