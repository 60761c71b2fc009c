import { readFileSync, statSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import { writeFileAtomic } from '../files/atomicWrite';
import { checkRegularFile } from '../files/regularFile';
import { digestOfFile, FileDigest } from './contentKey';

/**
 * Remembers the digests of collection files by their size, modification time and inode, so that a second
 * activation does not hash the collections again (for a large library, a stall of the extension host's main
 * thread) when nothing changed: the rule git uses for its index. A digest is trusted only when the file was
 * last modified well before it was computed ("racy" files, changed within the clock's resolution of the hashing, are hashed
 * again), and a changed size, time or inode always hashes again. The memo is a cache: an unreadable or
 * damaged one is ignored and rewritten.
 */
interface Remembered {
  size: number;
  mtimeMs: number;
  ino: number;
  sha256: string;
  /** When the digest was computed (ms since the epoch). */
  at: number;
}

/** A file modified less than this before its digest was computed is hashed again next time. */
const RACY_MS = 2000;

export class DigestMemo {
  private files: Record<string, Remembered> = {};
  private changed = false;

  private constructor(private readonly file: string) {}

  /**
   * The memo stored at `file` (empty when there is none or it cannot be read). Read synchronously, as the
   * files' times are (a few KB and a stat each): at activation an await waits behind every other
   * extension's start-up work.
   */
  static async open(file: string): Promise<DigestMemo> {
    const memo = new DigestMemo(file);
    try {
      const data = JSON.parse(readFileSync(file, 'utf8')) as { version?: number; files?: Record<string, Remembered> };
      if (data?.version === 1 && data.files && typeof data.files === 'object') memo.files = data.files;
    } catch {
      // none yet, or damaged: every file is hashed and the memo written again
    }
    return memo;
  }

  /** The file's digest: remembered when its size, time and inode are unchanged, else computed (and remembered). */
  async digest(path: string, fsPath: string): Promise<FileDigest> {
    const s = statSync(fsPath);
    checkRegularFile(s); // never hash a FIFO (it blocks) or a device (it never ends); the caller reports it
    const r = this.files[fsPath];
    if (
      r &&
      r.size === s.size &&
      r.mtimeMs === s.mtimeMs &&
      r.ino === s.ino &&
      s.mtimeMs < r.at - RACY_MS &&
      typeof r.sha256 === 'string'
    )
      return { path, sha256: r.sha256 };
    const at = Date.now();
    const d = await digestOfFile(path, fsPath);
    // the file changed while it was read: not remembered
    const after = await stat(fsPath);
    if (after.size === s.size && after.mtimeMs === s.mtimeMs) {
      this.files[fsPath] = { size: s.size, mtimeMs: s.mtimeMs, ino: s.ino, sha256: d.sha256, at };
      this.changed = true;
    }
    return d;
  }

  /** Writes the memo when it changed, keeping only the files of `keep` (the current collections). */
  async save(keep: readonly string[]): Promise<void> {
    const kept = Object.fromEntries(keep.filter((f) => this.files[f]).map((f) => [f, this.files[f]]));
    if (!this.changed && Object.keys(kept).length === Object.keys(this.files).length) return;
    await writeFileAtomic(this.file, JSON.stringify({ version: 1, files: kept }), `${this.file}.partial`);
    this.files = kept;
    this.changed = false;
  }
}
