/**
 * What holds for files wherever they are (a local disk through node, a remote or virtual folder through the
 * editor's file system): how large a collection may be, the one-line reasons a read failed, temporary names.
 */

/**
 * The largest collection file read: about four times the largest real library measured (100,000 abstracts,
 * ~140 MB), while the decoded text (UTF-16 in V8, twice the bytes for non-Latin text) stays well under V8's
 * string limit of ~1 GB, and a mistaken path to a disk image or a log fails at once instead of after a minute.
 */
export const MAX_COLLECTION_BYTES = 512 * 2 ** 20;

/** An input refused without being read: the message says why in words, without the path (the caller names it). */
export class NotARegularFileError extends Error {
  readonly code = 'ENOTREGULAR';
  constructor(message: string) {
    super(message);
    this.name = 'NotARegularFileError';
  }
}

/** Megabytes, for messages. */
const mb = (bytes: number) => `${Math.ceil(bytes / 2 ** 20).toLocaleString('en-US')} MB`;

/** Why a file of `size` bytes is not read, or undefined when it is small enough. */
export function sizeRefusal(size: number, maxBytes = MAX_COLLECTION_BYTES): string | undefined {
  return size > maxBytes
    ? `it is ${mb(size)}, more than the ${mb(maxBytes)} Papers reads from one file; split it into smaller files`
    : undefined;
}

/** The one-line reason an input could not be read: our own refusal as it is, else the file system's code and words. */
export function readFailure(err: unknown): string {
  if (err instanceof NotARegularFileError) return err.message;
  const e = err as { code?: unknown; message?: unknown } | undefined;
  if (e?.code === 'ENOENT' || e?.code === 'FileNotFound') return 'no such file';
  if (e?.code === 'ELOOP') return 'too many levels of symbolic links (a symlink loop?)';
  if (e?.code === 'EACCES' || e?.code === 'EPERM' || e?.code === 'NoPermissions') return 'permission denied';
  if (e?.code === 'EISDIR' || e?.code === 'FileIsADirectory') return 'it is a folder, not a file';
  if (e?.code === 'ENOTDIR') return 'a part of its path is a file, not a folder';
  return typeof e?.code === 'string' ? `${e.code}: ${String(e.message).split('\n')[0]}` : String(e?.message ?? err);
}

/** A fresh name beside `path` for the temporary file of an atomic write. */
export function tempPathBeside(path: string): string {
  return `${path}.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}.tmp`;
}
