import * as vscode from 'vscode';
import {
  EMPTY_CORRECTIONS,
  parseCorrections,
  pruneMembers,
  serializeCorrections,
  StoredCorrections,
} from '../../core/themes';
import { ThemeCorrectionsService } from '../services';
import { JsonFileStore } from '../storage/jsonFileStore';
import { refusedInRestrictedMode } from '../storage/restrictedMode';

const FILE = 'themes.json';
/** The one key of the store: its one file. */
const KEY = 'themes';
const MEMENTO_KEY = 'papers.themeCorrections';

/**
 * The user's theme corrections in `.papers/themes.json` (in the workspace memento without a folder): a
 * JsonFileStore of one file, re-read before every change (another window, a git pull), written atomically,
 * watched; a broken file is reported and kept aside, never overwritten.
 */
export class ThemeCorrectionsStore extends JsonFileStore<StoredCorrections> implements ThemeCorrectionsService {
  readonly onDidChange: vscode.Event<void> = (listener, thisArg, disposables) =>
    this.onDidChangeKeys(() => listener.call(thisArg), undefined, disposables);
  private memoValue: StoredCorrections = EMPTY_CORRECTIONS;

  constructor(
    private readonly memento: vscode.Memento,
    log: vscode.LogOutputChannel,
  ) {
    const folder = vscode.workspace.workspaceFolders?.[0];
    super(
      folder && vscode.Uri.joinPath(folder.uri, '.papers'),
      {
        fileName: () => FILE,
        keyOf: (name) => (name === FILE ? KEY : undefined),
        pattern: FILE,
        parse: parseCorrections,
        serialize: serializeCorrections,
        empty: () => EMPTY_CORRECTIONS,
        // reset writes the empty corrections: the file stays, and says so in a diff
        isEmpty: () => false,
        unreadable:
          'Theme corrections from it are not applied; the file is left as it is until your next correction, which keeps a backup of it first.',
        noFolder: 'Papers: open a folder to keep theme corrections in .papers/themes.json.',
        logPrefix: 'Papers',
      },
      log,
    );
  }

  /** Reads the corrections, then follows the file. */
  async load(): Promise<void> {
    if (!this.dir) {
      this.memoValue = this.memento.get<StoredCorrections>(MEMENTO_KEY, EMPTY_CORRECTIONS);
      return;
    }
    await this.reread(KEY);
    this.watch();
  }

  get corrections(): StoredCorrections {
    return this.dir ? (this.values.get(KEY) ?? EMPTY_CORRECTIONS) : this.memoValue;
  }

  /** Changes the corrections: `edit` gets what is on disk now. */
  update(edit: (onDisk: StoredCorrections) => StoredCorrections): Promise<void> {
    if (this.dir) return this.modify(KEY, (onDisk) => pruneMembers(edit(onDisk)));
    if (refusedInRestrictedMode()) return Promise.resolve();
    return this.queue.run(async () => {
      const changed = pruneMembers(edit(this.memoValue));
      await this.memento.update(MEMENTO_KEY, changed);
      this.memoValue = changed;
      this.emitter.fire([KEY]);
    });
  }

  /** Forgets every correction (git still has them). */
  reset(): Promise<void> {
    return this.update(() => EMPTY_CORRECTIONS);
  }
}
