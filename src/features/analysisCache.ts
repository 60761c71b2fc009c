import * as vscode from 'vscode';
import { hashBytes } from '../core/ids';
import { AnalysisSnapshot, decodeSnapshot, encodeSnapshot } from '../core/snapshot';

/** How many analyses to keep (one per set of collections the user switches between). */
const KEEP = 3;

/**
 * Analyses cached under the extension's global storage, keyed by the extension version and the exact bytes
 * of every collection file: a second activation on unchanged collections restores instead of re-analyzing,
 * and any change to a file or to the extension makes a new key (stale entries are pruned).
 */
export class AnalysisCache {
  private readonly dir: vscode.Uri;

  constructor(storage: vscode.Uri, private readonly version: string, private readonly log: vscode.LogOutputChannel) {
    this.dir = vscode.Uri.joinPath(storage, 'analysis-cache');
  }

  key(files: { path: string; bytes: Uint8Array }[]): string {
    const parts = files.map((f) => `${f.path}\n${hashBytes(f.bytes)}\n${f.bytes.length}`);
    return hashBytes(new TextEncoder().encode(`${this.version}\n${parts.join('\n')}`));
  }

  async load(key: string): Promise<AnalysisSnapshot | undefined> {
    try {
      const [json, binary] = await Promise.all([
        vscode.workspace.fs.readFile(vscode.Uri.joinPath(this.dir, `${key}.json`)),
        vscode.workspace.fs.readFile(vscode.Uri.joinPath(this.dir, `${key}.bin`)),
      ]);
      return decodeSnapshot(new TextDecoder().decode(json), binary);
    } catch {
      return undefined;
    }
  }

  async save(key: string, snapshot: AnalysisSnapshot): Promise<void> {
    try {
      await vscode.workspace.fs.createDirectory(this.dir);
      const { json, binary } = encodeSnapshot(snapshot);
      // the binary part first: a JSON file without its binary is never read as complete
      await vscode.workspace.fs.writeFile(vscode.Uri.joinPath(this.dir, `${key}.bin`), binary);
      await vscode.workspace.fs.writeFile(vscode.Uri.joinPath(this.dir, `${key}.json`), new TextEncoder().encode(json));
      await this.prune(key);
    } catch (err) {
      this.log.warn(`could not cache the analysis: ${(err as Error).message}`);
    }
  }

  private async prune(keep: string): Promise<void> {
    const entries = await vscode.workspace.fs.readDirectory(this.dir);
    const stats = await Promise.all(
      entries
        .filter(([name]) => name.endsWith('.json') && !name.startsWith(keep))
        .map(async ([name]) => ({ name, mtime: (await vscode.workspace.fs.stat(vscode.Uri.joinPath(this.dir, name))).mtime })),
    );
    stats.sort((a, b) => b.mtime - a.mtime);
    for (const { name } of stats.slice(KEEP - 1)) {
      const base = name.slice(0, -'.json'.length);
      for (const ext of ['.json', '.bin']) await vscode.workspace.fs.delete(vscode.Uri.joinPath(this.dir, base + ext)).then(undefined, () => undefined);
    }
  }
}
