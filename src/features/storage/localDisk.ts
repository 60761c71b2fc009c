/**
 * What Papers does on a local disk through node rather than through workspace.fs: an atomic replace by rename
 * (workspace.fs.rename with overwrite may delete the target first) and the real path behind symlinks. The desktop
 * entry (extension.ts) gives the node implementation; the web entry gives none, and every file goes through
 * workspace.fs (a browser has no local disk the extension can reach but through the editor).
 */
export interface LocalDisk {
  /** Writes `path` atomically (a temporary file beside it, `temp` if given, then a rename over it). */
  writeFileAtomic(path: string, data: string | Uint8Array, temp?: string): Promise<void>;
  /** Why `path` is outside `root` once symlinks are resolved, or undefined when it is inside. */
  outsideRoot(root: string, path: string): Promise<string | undefined>;
  /** A collection file's bytes, refused unless it is a regular file of a sane size. */
  readRegularFile(path: string): Promise<Uint8Array>;
}

let disk: LocalDisk | undefined;

/** Called once by the desktop entry, before any feature runs. */
export function useLocalDisk(local: LocalDisk): void {
  disk = local;
}

/** The local disk when the extension host runs on node, undefined on the web. */
export function localDisk(): LocalDisk | undefined {
  return disk;
}
