import { SNAPSHOT_FORMAT } from '../../core/snapshot';

/** A collection file as the cache key sees it: its path (a URI) and the SHA-256 of its bytes. */
export interface FileDigest {
  path: string;
  sha256: string;
}

const hex = (digest: ArrayBuffer) =>
  Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('');

/** Web Crypto, in the browser's extension host and in node alike: the same hex digest as node:crypto gives. */
const sha256 = async (bytes: Uint8Array): Promise<string> =>
  hex(await crypto.subtle.digest('SHA-256', bytes as Uint8Array<ArrayBuffer>));

export async function digestOf(path: string, bytes: Uint8Array): Promise<FileDigest> {
  return { path, sha256: await sha256(bytes) };
}

/** The digests of collection files read into memory. */
export const digestsOfRead = (files: readonly { path: string; bytes: Uint8Array }[]): Promise<FileDigest[]> =>
  Promise.all(files.map((f) => digestOf(f.path, f.bytes)));

/**
 * The analysis cache's key: SHA-256 over the extension version, the snapshot format and each collection file's path
 * and SHA-256, in load order (the same key as src/node/cache/contentKey.ts makes, which the CLI uses).
 */
export async function contentKey(version: string, files: readonly FileDigest[]): Promise<string> {
  const text = JSON.stringify({ version, format: SNAPSHOT_FORMAT, files: files.map((f) => [f.path, f.sha256]) });
  return (await sha256(new TextEncoder().encode(text))).slice(0, 40);
}
