/**
 * The one check of every id, key or name read from a file or a webview message before it becomes part of a
 * path (`.papers/papers/<id>.json`, `.papers/links/<paper>.json`), and of the workspace paths a link file names.
 * Each is held to the form Papers itself writes, so a committed file or a message can never name a file outside
 * the folder it belongs to: `../`, `/`, `\`, a drive letter or a NUL byte never pass. (Notes file names are made
 * from the paper keys Papers computes, never read from a file.)
 */

/** Paper ids: 12 hex digits (an abstract's hash) or 16 (a title's), lowercase (core/papers/ids.ts). */
const PAPER_ID = /^(?:[0-9a-f]{12}|[0-9a-f]{16})$/;
/** Link ids: 12 hex digits when Papers makes them; other tools' ids are kept when they are plain names. */
const LINK_ID = /^[A-Za-z0-9_-]{1,64}$/;

export function isPaperId(value: unknown): boolean {
  return typeof value === 'string' && PAPER_ID.test(value);
}

export function isLinkId(value: unknown): boolean {
  return typeof value === 'string' && LINK_ID.test(value);
}

/**
 * Why a workspace-relative path (`/`-separated, as links store it) is refused, or undefined when it stays
 * inside the workspace: absolute paths, drive letters, URIs, `~`, `..` segments, control characters.
 */
export function outsideWorkspaceProblem(path: string): string | undefined {
  if (path === '') return 'it is empty';
  if (/[\u0000-\u001f\u007f]/.test(path)) return 'it contains control characters';
  if (/^[/\\]/.test(path) || /^[A-Za-z]:/.test(path)) return 'it is an absolute path';
  if (/^[A-Za-z][A-Za-z0-9+.-]*:/.test(path)) return 'it is a URI, not a workspace path';
  if (path.startsWith('~')) return 'it points to the home folder';
  if (path.split(/[/\\]/).some((s) => s === '..')) return 'it goes up out of the workspace with ".."';
  return undefined;
}

/** True when `path` is `root` or inside it (both absolute, resolved; `/` or `\` separators). */
export function isPathInside(root: string, path: string): boolean {
  const r = root.replace(/[/\\]+$/, '');
  if (r === '') return true; // the root of the file system holds everything
  return path === r || path.startsWith(`${r}/`) || path.startsWith(`${r}\\`);
}
