import * as vscode from 'vscode';
import { Paper } from '../../core/papers';
import { openSearchPick, pickPaper } from '../search/pick';
import { Services } from '../services';
import { FILTER_LABELS, GROUP_BY_LABELS, GroupBy, PaperFilter } from '../tree/viewPrefs';
import { openPaperPage } from './openPage';
import { promptAddTags, promptRemoveTags } from './tags';
import { targetPaper } from './target';
import { followInTree, registerTriageCommands, treeListOf } from './triage';

/**
 * Opening a paper is reading: it shows notes that exist and creates none, unless `papers.notes.createOnOpen`
 * asks for the older way (a notes file from the template on every open). Undefined means "existing notes only".
 */
function notesOnOpen(): true | undefined {
  return vscode.workspace.getConfiguration('papers').get<boolean>('notes.createOnOpen', false) === true
    ? true
    : undefined;
}

/** All the commands that act on papers and on the tree; registered once. */
export function registerPaperCommands(context: vscode.ExtensionContext, services: Services): void {
  const { model, userData, notes, panel, tree, prefs } = services;
  const onPaper = (id: string, title: string, run: (paper: Paper) => unknown) =>
    vscode.commands.registerCommand(id, async (arg?: unknown) => {
      const paper = await targetPaper(services, arg, title);
      if (paper) await run(paper);
    });
  context.subscriptions.push(
    vscode.commands.registerCommand('papers.search', async () => {
      const opened = openSearchPick(services);
      if (!opened) return pickPaper(services); // says why there is nothing to search yet
      const paper = await opened.result;
      // the results travel with the open: next and previous in the view step through them
      const found = opened.chosenFrom();
      const list = found && { label: `Search "${found.query.trim()}"`, ids: found.ids };
      if (!paper) return;
      await panel.show(paper, { withNotes: notesOnOpen(), ...(list && { list }) });
      await followInTree(services, paper.id);
    }),
    vscode.commands.registerCommand('papers.openPaper', async (arg?: unknown, from?: { list?: unknown }) => {
      const paper = await targetPaper(services, arg, 'Open Paper');
      if (!paper) return;
      // the tree row's group travels with the open; opened from elsewhere, the paper's group in the tree
      const groupId = typeof from?.list === 'string' ? from.list : undefined;
      const list = (groupId !== undefined ? tree.listOf(groupId) : undefined) ?? treeListOf(services, paper.id);
      await panel.show(paper, { withNotes: notesOnOpen(), ...(list && { list }) });
      await followInTree(services, paper.id, list?.groupId);
    }),
    // notes of the paper in the view go beside it, as opening with notes.createOnOpen puts them; others to the first
    // column (and without a folder to hold notes, notes.open offers to open one)
    onPaper('papers.openNotes', 'Open Notes', (paper) =>
      panel.current?.id === paper.id && notes.uriFor(paper)
        ? panel.show(paper, { withNotes: true })
        : notes.open(paper, vscode.ViewColumn.One),
    ),
    onPaper('papers.openPaperPage', 'Open Paper Page', openPaperPage),
    onPaper('papers.toggleStar', 'Toggle Star', (paper) =>
      userData.setStarred(paper.id, !userData.marks(paper.id).starred),
    ),
    onPaper('papers.star', 'Star', (paper) => userData.setStarred(paper.id, true)),
    onPaper('papers.unstar', 'Unstar', (paper) => userData.setStarred(paper.id, false)),
    onPaper('papers.markRead', 'Mark as Read', (paper) => userData.setRead(paper.id, true)),
    onPaper('papers.markUnread', 'Mark as Unread', (paper) => userData.setRead(paper.id, false)),
    onPaper('papers.copyKey', 'Copy Paper Key', async (paper) => {
      const key = model.keyOf(paper);
      await vscode.env.clipboard.writeText(key);
      vscode.window.setStatusBarMessage(`Copied paper key ${key}`, 3000);
    }),
    onPaper('papers.addTag', 'Add Tag', (paper) => promptAddTags(services, paper)),
    onPaper('papers.removeTag', 'Remove Tag', (paper) => promptRemoveTags(services, paper)),
    vscode.commands.registerCommand('papers.refresh', () => model.reload()),
    vscode.commands.registerCommand('papers.groupBy', async (value?: GroupBy) => {
      const choice =
        value ??
        (
          await vscode.window.showQuickPick(
            (Object.keys(GROUP_BY_LABELS) as GroupBy[]).map((g) => ({
              label: GROUP_BY_LABELS[g],
              value: g,
              description: g === prefs.groupBy ? 'current' : undefined,
            })),
            { title: 'Group Papers By' },
          )
        )?.value;
      if (choice) await prefs.setGroupBy(choice);
    }),
    vscode.commands.registerCommand('papers.filter', async (value?: PaperFilter) => {
      const choice =
        value ??
        (
          await vscode.window.showQuickPick(
            (Object.keys(FILTER_LABELS) as PaperFilter[]).map((f) => ({
              label: FILTER_LABELS[f],
              value: f,
              description: f === prefs.filter ? 'current' : undefined,
            })),
            { title: 'Show Papers' },
          )
        )?.value;
      if (choice) await prefs.setFilter(choice);
    }),
  );
  registerTriageCommands(context, services);
}
