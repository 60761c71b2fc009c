import * as vscode from 'vscode';
import { FileDigest } from './digest';

/** Where the workspace state keeps the last cache entry shown. */
const LAST_ENTRY = 'papers.lastAnalysis';

/** The cache entry this workspace showed last and the files it was made of: what a load after a reload grows from. */
export class LastEntry {
  constructor(private readonly state: vscode.Memento) {}

  get(): { key: string; files: FileDigest[] } | undefined {
    const last = this.state.get<{ key: string; files: FileDigest[] }>(LAST_ENTRY);
    const valid =
      last &&
      typeof last.key === 'string' &&
      Array.isArray(last.files) &&
      last.files.every((f) => typeof f?.path === 'string' && typeof f.sha256 === 'string');
    return valid ? last : undefined;
  }

  remember({ key, files }: { key: string; files: readonly FileDigest[] }): Thenable<void> {
    return this.state.update(LAST_ENTRY, { key, files });
  }
}
