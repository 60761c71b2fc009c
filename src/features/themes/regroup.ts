/**
 * Papers: Regroup Themes…: a fresh grouping of the whole library, previewed before anything changes. The preview
 * is a read-only Markdown document beside the tree (every change, one line each), and a modal dialog asks to apply
 * it or not; cancelling leaves the themes as they are. The themes never regroup by themselves (grow.ts keeps them).
 */
import * as vscode from 'vscode';
import { describeRegroup, RegroupDiff } from '../../core/themes';
import { Services } from '../services';

/** The scheme of the preview document (a read-only virtual document: closing it asks nothing). */
export const PREVIEW_SCHEME = 'papers-regroup';
/** Change lines the dialog itself lists; the preview document lists them all. */
const DIALOG_LINES = 12;

/** Serves the preview documents: their text by URI, for as long as the preview is open. */
export class RegroupPreviews implements vscode.TextDocumentContentProvider {
  private readonly texts = new Map<string, string>();
  private count = 0;

  show(lines: string[]): vscode.Uri {
    // the same name each time (the tab says what it is); the query tells the previews apart
    this.count++;
    const uri = vscode.Uri.from({
      scheme: PREVIEW_SCHEME,
      path: '/Regroup Themes (preview).md',
      query: String(this.count),
    });
    this.texts.set(uri.toString(), previewMarkdown(lines));
    return uri;
  }

  provideTextDocumentContent(uri: vscode.Uri): string {
    return this.texts.get(uri.toString()) ?? '';
  }
}

/** The preview's text: the summary as a heading line, then the changes as a list. */
export function previewMarkdown(lines: readonly string[]): string {
  const [summary, ...changes] = lines;
  return [
    '# Regroup Themes: preview',
    '',
    'A fresh grouping of the whole library would make these changes. Nothing has changed yet: apply or cancel in',
    'the dialog. Your renames, moves and own themes are kept.',
    '',
    `**${summary}**`,
    '',
    ...changes.map((line) => `- ${line}`),
    '',
  ].join('\n');
}

/** Whether a regroup would change anything the user sees. */
function changesNothing(diff: RegroupDiff): boolean {
  const level = diff.themes;
  const quiet = (l: typeof level) =>
    l.moved === 0 &&
    l.split.length + l.merged.length + l.new.length + l.gone.length === 0 &&
    l.kept.every((k) => !k.renamed);
  return quiet(level) && (!diff.broad || quiet(diff.broad));
}

export async function regroupThemes(services: Services, previews: RegroupPreviews): Promise<void> {
  const stop = new AbortController();
  let regrouping;
  try {
    regrouping = await vscode.window.withProgress(
      {
        location: vscode.ProgressLocation.Notification,
        title: 'Papers: grouping the themes afresh',
        cancellable: true,
      },
      (progress, token) => {
        token.onCancellationRequested(() => stop.abort());
        return services.model.regroup((message) => progress.report({ message }), stop.signal);
      },
    );
  } catch (err) {
    if ((err as Error).name === 'Cancelled') return;
    void vscode.window.showErrorMessage(`Papers could not regroup the themes: ${(err as Error).message}`);
    return;
  }
  if (!regrouping) return void vscode.window.showInformationMessage('Papers has no themes to regroup yet.');
  if (changesNothing(regrouping.diff)) {
    await regrouping.discard();
    return void vscode.window.showInformationMessage('A fresh grouping would give the same themes: nothing to change.');
  }
  const lines = describeRegroup(regrouping.diff);
  const preview = previews.show(lines);
  const doc = await vscode.workspace.openTextDocument(preview);
  await vscode.window.showTextDocument(doc, { preview: true, preserveFocus: true });
  const [summary, ...changes] = lines;
  const more = changes.length > DIALOG_LINES ? [`… and ${changes.length - DIALOG_LINES} more (see the preview)`] : [];
  const choice = await vscode.window.showWarningMessage(
    `Regroup the themes? ${summary}.`,
    { modal: true, detail: [...changes.slice(0, DIALOG_LINES), ...more].join('\n') },
    'Apply',
  );
  try {
    if (choice === 'Apply') await regrouping.apply();
    else await regrouping.discard();
  } catch (err) {
    void vscode.window.showErrorMessage(`Papers could not apply the regrouping: ${(err as Error).message}`);
  }
  await closePreview(preview);
}

async function closePreview(uri: vscode.Uri): Promise<void> {
  for (const group of vscode.window.tabGroups.all)
    for (const tab of group.tabs)
      if (tab.input instanceof vscode.TabInputText && tab.input.uri.toString() === uri.toString())
        await vscode.window.tabGroups.close(tab);
}
