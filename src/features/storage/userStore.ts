import * as vscode from 'vscode';
import { isPaperId } from '../../core/common';
import { applyChange, isEmptyUserData, parseUserData, PaperUserData, serializeUserData } from '../../core/papers';
import { PaperMarks, UserDataService } from '../services';
import { JsonFileStore } from './jsonFileStore';
import { refusedInRestrictedMode } from './restrictedMode';

const STORE_DIR = '.papers/papers';
const MEMENTO_KEY = 'papers.userData';

/**
 * What the user marks on each paper (read, starred, tags, annotations). In a workspace folder they live in
 * `.papers/papers/<id>.json`, one small file per paper (a JsonFileStore: re-read before every write so two
 * windows on the same folder keep each other's changes, followed by a watcher, a corrupt file moved aside as
 * a backup before anything is written there); without a folder, in the workspace memento.
 */
export class UserStore extends JsonFileStore<PaperUserData> implements UserDataService {
  readonly onDidChange = this.onDidChangeKeys;

  constructor(
    private readonly memento: vscode.Memento,
    log: vscode.LogOutputChannel,
  ) {
    const folder = vscode.workspace.workspaceFolders?.[0];
    super(
      folder && vscode.Uri.joinPath(folder.uri, STORE_DIR),
      {
        fileName: (id) => `${id}.json`,
        keyOf: (name) => {
          const id = /^([0-9a-f]+)\.json$/.exec(name)?.[1];
          return isPaperId(id) ? id : undefined;
        },
        isKey: isPaperId,
        pattern: '*.json',
        parse: parseUserData,
        serialize: serializeUserData,
        empty: () => ({}),
        isEmpty: isEmptyUserData,
        unreadable: 'The file is left as it is; your next change to this paper keeps a backup of it first.',
        noFolder: 'Papers: open a folder to keep marks in .papers/papers/.',
        logPrefix: 'Papers',
      },
      log,
    );
  }

  /** Reads what is stored, then follows the files. */
  async load(): Promise<void> {
    if (!this.dir) {
      const saved = this.memento.get<Record<string, PaperUserData>>(MEMENTO_KEY, {});
      for (const [id, d] of Object.entries(saved)) this.values.set(id, d);
      return;
    }
    await this.readAll();
    this.watch();
  }

  marks(id: string): PaperMarks {
    const d = this.values.get(id);
    return { read: d?.read === true, starred: d?.starred === true };
  }

  readCount(ids: Iterable<string>): number {
    let n = 0;
    for (const id of ids) if (this.values.get(id)?.read) n++;
    return n;
  }

  data(id: string): Readonly<PaperUserData> {
    return this.values.get(id) ?? {};
  }

  idsWithData(): string[] {
    return [...this.values.keys()];
  }

  setRead(id: string, read: boolean): Promise<void> {
    return this.update(id, (d) => applyChange(d, { read }));
  }

  setStarred(id: string, starred: boolean): Promise<void> {
    return this.update(id, (d) => applyChange(d, { starred }));
  }

  /** Where a paper's file is; undefined without a workspace folder. */
  fileFor(id: string): vscode.Uri | undefined {
    return this.uriOf(id);
  }

  /** Serializes writes so two quick clicks cannot interleave their read-merge-write. */
  update(id: string, edit: (onDisk: PaperUserData) => PaperUserData): Promise<void> {
    if (this.dir) return this.modify(id, edit);
    if (refusedInRestrictedMode()) return Promise.resolve();
    return this.queue.run(async () => {
      const merged = edit({ ...(this.values.get(id) ?? {}) });
      this.values.set(id, merged);
      await this.memento.update(MEMENTO_KEY, Object.fromEntries(this.values));
      this.emitter.fire([id]);
    });
  }

  /** A paper whose data became empty stays known (with no data) until the next load. */
  protected override stored(id: string, value: PaperUserData): void {
    this.values.set(id, value);
  }
}
