import * as vscode from 'vscode';

export type GroupBy = 'theme' | 'collection' | 'tag';
export type PaperFilter = 'all' | 'unread' | 'starred' | 'notes';

export const GROUP_BY_LABELS: Record<GroupBy, string> = { theme: 'Theme', collection: 'Collection', tag: 'Tag' };
export const FILTER_LABELS: Record<PaperFilter, string> = {
  all: 'All papers',
  unread: 'Unread',
  starred: 'Starred',
  notes: 'With notes',
};

/** View preferences: kept in the workspace memento and mirrored to context keys for `when` clauses. */
export class ViewPrefs implements vscode.Disposable {
  private readonly emitter = new vscode.EventEmitter<void>();
  readonly onDidChange = this.emitter.event;

  constructor(private readonly memento: vscode.Memento) {
    void this.publish();
  }

  get groupBy(): GroupBy {
    const v = this.memento.get<GroupBy>('papers.groupBy', 'theme');
    return v in GROUP_BY_LABELS ? v : 'theme';
  }

  get filter(): PaperFilter {
    const v = this.memento.get<PaperFilter>('papers.filter', 'all');
    return v in FILTER_LABELS ? v : 'all';
  }

  async setGroupBy(value: GroupBy): Promise<void> {
    await this.memento.update('papers.groupBy', value);
    await this.publish();
    this.emitter.fire();
  }

  async setFilter(value: PaperFilter): Promise<void> {
    await this.memento.update('papers.filter', value);
    await this.publish();
    this.emitter.fire();
  }

  private async publish(): Promise<void> {
    await vscode.commands.executeCommand('setContext', 'papers.groupBy', this.groupBy);
    await vscode.commands.executeCommand('setContext', 'papers.filter', this.filter);
  }

  dispose(): void {
    this.emitter.dispose();
  }
}
