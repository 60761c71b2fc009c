import * as vscode from 'vscode';
import { Paper } from '../../core/papers';
import { edgeText, positionOf, ReadingList, ReadingPlace, stepIn } from '../paperPanel/readingList';
import { setNotInterested } from '../forYou';
import { Services } from '../services';

/** The morning pass's commands: one key each in the paper view (the page's keys) and in the tree (keybindings). */
export const NEXT_PAPER_COMMAND = 'papers.nextPaper';
export const PREVIOUS_PAPER_COMMAND = 'papers.previousPaper';
export const SEEN_AND_NEXT_COMMAND = 'papers.markSeenAndNext';
export const TOGGLE_NOT_INTERESTED_COMMAND = 'papers.toggleNotInterested';
/** The tree's keys: the action named by the keybinding's argument, on the paper row selected in the tree. */
export const TRIAGE_SELECTED_COMMAND = 'papers.triageSelected';

/** What a key of the tree can ask of its selected paper. */
const TREE_ACTIONS = [
  'nextPaper',
  'previousPaper',
  'seenAndNext',
  'toggleStar',
  'toggleNotInterested',
  'openNotes',
  'linkSelection',
  'openPage',
] as const;
type TreeAction = (typeof TREE_ACTIONS)[number];

/** A paper and the list a step starts from. */
interface Origin {
  paper: Paper;
  place: ReadingPlace;
}

/** The group of the tree that lists the paper (its theme, collection or tag): the list of a paper opened from no list. */
export function treeListOf(
  services: Pick<Services, 'tree'>,
  paperId: string,
  groupId?: string,
): ReadingList | undefined {
  const node = services.tree.nodeOf(paperId, groupId);
  return node?.kind === 'paper' ? services.tree.listOf(node.groupId) : undefined;
}

/** The tree's selection follows the paper shown, in the list the view steps through (the view keeps the focus). */
export function followInTree(services: Pick<Services, 'tree'>, paperId: string, groupId?: string): Promise<void> {
  return services.tree.follow(paperId, groupId);
}

/** The view's paper and its list; a paper opened from no list steps through its group in the tree. */
function viewOrigin(services: Services): Origin | undefined {
  const { panel, model } = services;
  const shown = panel.current;
  if (!shown) return undefined;
  const paper = model.paper(shown.id) ?? shown;
  const known = panel.readingPlace;
  if (known) return { paper, place: known };
  const list = treeListOf(services, paper.id);
  return list ? { paper, place: { list, index: positionOf(list, paper.id, -1) } } : undefined;
}

/** The paper row selected in the tree and the group it is listed in. */
function treeOrigin(services: Services): Origin | undefined {
  const { tree, model } = services;
  const row = tree.view.selection.find((n) => n.kind === 'paper');
  const paper = row && model.paper(row.id);
  const list = row?.kind === 'paper' ? tree.listOf(row.groupId) : undefined;
  if (!paper || !list) return undefined;
  const shown = services.panel.readingPlace;
  // the view's own list when the selection is the view's paper (it followed the view there)
  if (shown && services.panel.current?.id === paper.id && shown.list.groupId === row?.groupId)
    return { paper, place: shown };
  return { paper, place: { list, index: positionOf(list, paper.id, -1) } };
}

/** Seen: read, and out of New. What the reader's key says of a paper the pass only showed. */
export async function markSeen(services: Pick<Services, 'userData' | 'arrivals'>, paper: Paper): Promise<void> {
  const { userData, arrivals } = services;
  if (!userData.marks(paper.id).read) await userData.setRead(paper.id, true);
  if (arrivals.isNew(paper.id)) await arrivals.markSeen([paper.id]);
}

/**
 * Shows the paper `delta` steps from the origin in its list, marked nothing (the reader's keys do that), the focus
 * kept where it is and the tree's selection following; at an edge of the list the view and the status bar say so.
 */
async function step(services: Services, origin: Origin | undefined, delta: 1 | -1, seen: boolean): Promise<void> {
  if (!origin) {
    void vscode.window.showInformationMessage(
      'Papers: open a paper from a list (the tree or a search) to step through it.',
    );
    return;
  }
  const { model, panel } = services;
  const { paper, place } = origin;
  if (seen) await markSeen(services, paper);
  const next = stepIn(place.list, paper.id, place.index, delta, (id) => !!model.paper(id));
  if ('edge' in next) {
    if (panel.current?.id === paper.id) panel.reachedEdge(next.edge);
    vscode.window.setStatusBarMessage(`$(info) ${edgeText(place.list, next.edge)}`, 5000);
    return;
  }
  const shown = model.paper(next.id)!;
  await panel.show(shown, {
    withNotes: false,
    list: place.list,
    index: next.index,
    markRead: false,
    preserveFocus: true,
  });
  await followInTree(services, shown.id, place.list.groupId);
}

/** Runs one of the morning pass's actions on the paper `origin` gives (the view's, or the tree's selected row). */
async function runTriage(services: Services, action: TreeAction, origin: () => Origin | undefined): Promise<void> {
  switch (action) {
    case 'nextPaper':
      return step(services, origin(), 1, false);
    case 'previousPaper':
      return step(services, origin(), -1, false);
    case 'seenAndNext':
      return step(services, origin(), 1, true);
    default: {
      const paper = origin()?.paper;
      if (!paper) return;
      if (action === 'toggleNotInterested')
        return setNotInterested(services, paper, services.userData.data(paper.id).notInterested !== true);
      const command = {
        toggleStar: 'papers.toggleStar',
        openNotes: 'papers.openNotes',
        linkSelection: 'papers.linkSelection',
        openPage: 'papers.openPaperPage',
      }[action];
      await vscode.commands.executeCommand(command, paper.id);
    }
  }
}

const errorMessage = (e: unknown) => (e instanceof Error ? e.message : String(e));

/** The morning pass's commands, for the view (its page posts them), the palette and the tree's keys. */
export function registerTriageCommands(context: vscode.ExtensionContext, services: Services): void {
  const fromView = () => viewOrigin(services);
  const command = (id: string, action: TreeAction) =>
    vscode.commands.registerCommand(id, () => runTriage(services, action, fromView));
  context.subscriptions.push(
    command(NEXT_PAPER_COMMAND, 'nextPaper'),
    command(PREVIOUS_PAPER_COMMAND, 'previousPaper'),
    command(SEEN_AND_NEXT_COMMAND, 'seenAndNext'),
    command(TOGGLE_NOT_INTERESTED_COMMAND, 'toggleNotInterested'),
    vscode.commands.registerCommand(TRIAGE_SELECTED_COMMAND, async (action: unknown) => {
      if (!(TREE_ACTIONS as readonly unknown[]).includes(action)) {
        services.log.warn(`Papers: ${TRIAGE_SELECTED_COMMAND} was given an unknown action ${JSON.stringify(action)}`);
        return;
      }
      await runTriage(services, action as TreeAction, () => treeOrigin(services) ?? fromView()).catch((e) => {
        void vscode.window.showErrorMessage(`Papers: could not ${String(action)}: ${errorMessage(e)}`);
      });
    }),
  );
}
