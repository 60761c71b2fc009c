/**
 * Papers: Regroup Themes…: a fresh grouping of the whole library, previewed before anything changes. The preview is
 * a view of its own (regroupView.ts) with Apply and Cancel; cancelling leaves the themes as they are. The themes
 * never regroup by themselves (grow.ts keeps them); the tree suggests a regroup when one is worth it.
 */
import * as vscode from 'vscode';
import { RegroupDiff, RegroupSection } from '../../core/themes';
import { Services } from '../services';
import { RegroupPreview } from './regroupView';

/** What the command shows (its result, for tests): the preview's summary and sections, or undefined when none. */
export interface RegroupShown {
  summary: string;
  sections: readonly RegroupSection[];
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

export async function regroupThemes(services: Services, preview: RegroupPreview): Promise<RegroupShown | undefined> {
  // the analysis the fresh grouping is compared with (model.regroup takes the one shown now)
  const basis = services.model.analysis;
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
    if ((err as Error).name === 'Cancelled') return undefined;
    void vscode.window.showErrorMessage(`Papers could not regroup the themes: ${(err as Error).message}`);
    return undefined;
  }
  if (!regrouping || !basis) {
    void vscode.window.showInformationMessage('Papers has no themes to regroup yet.');
    return undefined;
  }
  if (changesNothing(regrouping.diff)) {
    await regrouping.discard();
    void vscode.window.showInformationMessage('A fresh grouping would give the same themes: nothing to change.');
    return undefined;
  }
  await preview.show(regrouping, basis);
  const shown = preview.current;
  return shown && { summary: shown.summary, sections: shown.sections };
}
