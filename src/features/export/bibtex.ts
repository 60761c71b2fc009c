import * as vscode from 'vscode';
import { toBibtex } from '../../core/export';
import { userNoteText } from '../../core/export';
import { Paper } from '../../core/papers';
import { Services } from '../services';
import { refusedInRestrictedMode } from '../storage/restrictedMode';
import { TreeNode } from '../tree/types';

export type ExportSet = 'selected' | 'starred' | 'linked' | 'all';

const SET_LABELS: Record<ExportSet, string> = {
  selected: 'Selected papers',
  starred: 'Starred papers',
  linked: 'Papers linked from code',
  all: 'All papers',
};

export interface ExportBibtexArgs {
  set?: ExportSet;
  /** Where to write; asked with a save dialog when missing. */
  uri?: vscode.Uri;
}

/** The papers of a set, in the order the corpus lists them. */
export function papersOf(services: Services, set: ExportSet, clicked?: readonly TreeNode[]): Paper[] {
  const papers = services.model.analysis?.papers ?? [];
  switch (set) {
    case 'all':
      return papers;
    case 'starred':
      return papers.filter((p) => services.userData.marks(p.id).starred);
    case 'linked': {
      const linked = new Set(services.links.allLinks().map((l) => l.paper));
      return papers.filter((p) => linked.has(p.id));
    }
    case 'selected': {
      const nodes = clicked?.length ? clicked : services.tree.view.selection;
      const ids = new Set(nodes.filter((n) => n.kind === 'paper').map((n) => n.id));
      // a selected group row exports its papers
      for (const n of nodes) if (n.kind === 'group') for (const id of n.paperIds) ids.add(id);
      if (ids.size === 0 && services.panel.current) ids.add(services.panel.current.id);
      return papers.filter((p) => ids.has(p.id));
    }
  }
}

/**
 * The .bib text of papers: keys are the paper keys, the user's own note (not the template) goes in `note`.
 * Notes are read from disk: the notes index may not have read every file yet.
 */
export async function bibtexOf(services: Services, papers: readonly Paper[]): Promise<string> {
  const notes = new Map<string, string>();
  for (const p of papers) {
    const uri = services.notes.hasNotes(p.id) ? services.notes.uriFor(p) : undefined;
    const text = uri
      ? await vscode.workspace.fs.readFile(uri).then(
          (b) => new TextDecoder().decode(b),
          () => services.notes.notesText(p.id),
        )
      : undefined;
    const own = text === undefined ? '' : userNoteText(text);
    if (own) notes.set(p.id, own);
  }
  return toBibtex(papers, { keyOf: (p) => services.model.keyOf(p), noteOf: (p) => notes.get(p.id) });
}

/**
 * `Papers: Export BibTeX`: which papers (quick pick, with counts), where (save dialog), then the file.
 * Tree rows the command was run on count as the selection.
 */
export async function exportBibtexCommand(
  services: Services,
  args: ExportBibtexArgs = {},
  clicked?: readonly TreeNode[],
): Promise<vscode.Uri | undefined> {
  // an export writes a file: nothing is written in Restricted Mode (the user is told)
  if (refusedInRestrictedMode()) return undefined;
  if (!services.model.analysis) {
    void vscode.window.showInformationMessage('Papers: the papers are still loading; try again in a moment.');
    return undefined;
  }
  let set = args.set;
  if (!set) {
    const items = (Object.keys(SET_LABELS) as ExportSet[]).map((s) => ({
      label: SET_LABELS[s],
      set: s,
      description: `${papersOf(services, s, clicked).length} papers`,
    }));
    set = (await vscode.window.showQuickPick(items, { title: 'Export BibTeX', placeHolder: 'Which papers?' }))?.set;
    if (!set) return undefined;
  }
  const papers = papersOf(services, set, clicked);
  if (papers.length === 0) {
    void vscode.window.showInformationMessage(`Papers: no papers to export (${SET_LABELS[set].toLowerCase()}: none).`);
    return undefined;
  }
  const folder = vscode.workspace.workspaceFolders?.[0]?.uri;
  const uri =
    args.uri ??
    (await vscode.window.showSaveDialog({
      title: `Export ${papers.length} Papers as BibTeX`,
      saveLabel: 'Export',
      defaultUri: folder && vscode.Uri.joinPath(folder, 'papers.bib'),
      filters: { BibTeX: ['bib'] },
    }));
  if (!uri) return undefined;
  await vscode.workspace.fs.writeFile(uri, new TextEncoder().encode(await bibtexOf(services, papers)));
  const open = 'Open';
  void vscode.window
    .showInformationMessage(
      `Papers: exported ${papers.length} paper${papers.length === 1 ? '' : 's'} to ${vscode.workspace.asRelativePath(uri)}.`,
      open,
    )
    .then((pick) => (pick === open ? vscode.window.showTextDocument(uri) : undefined));
  return uri;
}

export function registerExportBibtex(services: Services): vscode.Disposable {
  return vscode.commands.registerCommand(
    'papers.exportBibtex',
    (arg?: ExportBibtexArgs | TreeNode, selection?: TreeNode[]) => {
      // from a tree row's menu VS Code passes the row and the selection; from code, options
      const fromTree = arg !== undefined && 'kind' in arg;
      return exportBibtexCommand(
        services,
        fromTree ? { set: 'selected' } : (arg as ExportBibtexArgs | undefined),
        fromTree ? (selection?.length ? selection : [arg as TreeNode]) : undefined,
      );
    },
  );
}
