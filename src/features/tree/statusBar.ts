import * as vscode from 'vscode';
import { Services } from '../services';

/** "Papers 12/340 read" in the status bar; a click opens the search. */
export function showReadingProgress(context: vscode.ExtensionContext, services: Services): void {
  const { model, userData } = services;
  const item = vscode.window.createStatusBarItem('papers.progress', vscode.StatusBarAlignment.Left, 50);
  item.name = 'Papers Reading Progress';
  item.command = 'papers.search';
  const update = () => {
    const papers = model.analysis?.papers;
    item.command = 'papers.search';
    if (!papers && model.stopped) {
      item.text = '$(debug-pause) Papers';
      item.tooltip = 'Papers: the analysis was stopped. Click to analyze the collections again.';
      item.command = 'papers.refresh';
    } else if (!papers) {
      item.text = '$(loading~spin) Papers';
      item.tooltip = 'Papers: loading collections…';
    } else {
      const read = userData.readCount(papers.map((p) => p.id));
      item.text = `$(book) Papers ${read}/${papers.length} read`;
      item.tooltip = `${read} of ${papers.length} papers read. Click to search papers.`;
    }
    item.show();
  };
  context.subscriptions.push(item, model.onDidChange(update), userData.onDidChange(update));
  update();
}
