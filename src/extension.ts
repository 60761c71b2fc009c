import * as vscode from 'vscode';
import { activateAnnotations, HIGHLIGHT_SELECTION_COMMAND, highlightSelection } from './features/annotations/annotations';
import { activateCollectionDiagnostics } from './features/collections/diagnostics';
import { registerExportBibtex } from './features/export/bibtex';
import { registerCollectionCommands } from './features/collections/commands';
import { activateRestrictedMode, RestrictedModeApi } from './features/storage/restrictedMode';
import { activateLinks, LinksApi } from './features/links';
import { registerExportAnnotations } from './features/export/annotations';
import { PapersModelImpl } from './features/analysis/model';
import { createNotesService } from './features/notes/notes';
import { registerPaperCommands, targetPaper } from './features/papers/commands';
import { registerThemeCommands } from './features/themes/commands';
import { createPaperPanel } from './features/paperPanel/panel';
import { syncUserTextIntoIndex } from './features/search/pick';
import { Services } from './features/services';
import { activateStatusBar } from './features/tree/statusBar';
import { PapersTree } from './features/tree/tree';
import { UserStore } from './features/storage/userStore';
import { ThemeCorrectionsStore } from './features/themes/correctionsStore';
import { ViewPrefs } from './features/tree/viewPrefs';

/** What the extension hands to its tests (and to other extensions): the live services. */
export interface PapersApi {
  services: Services;
  links: LinksApi;
  tree: PapersTree;
  prefs: ViewPrefs;
  restricted: RestrictedModeApi;
}

/** Only wiring: every feature lives in src/features and pushes its own disposables. */
export async function activate(context: vscode.ExtensionContext): Promise<PapersApi> {
  const log = vscode.window.createOutputChannel('Papers', { log: true });
  context.subscriptions.push(log);
  // the start of activation, for the time to the tree in the log (scripts/bench/hostMemory.mjs reads it)
  log.info(`activating Papers ${String(context.extension.packageJSON.version ?? '')}`);
  const restricted = activateRestrictedMode();
  const corrections = await ThemeCorrectionsStore.create(context, log);
  const model = new PapersModelImpl(context, log, corrections);
  const state = await UserStore.create(context, log);
  const notes = createNotesService(context, model, log);
  const panel = createPaperPanel({ context, model, state, notes, log });
  const services: Services = { context, model, corrections, state, notes, panel, log };
  const prefs = new ViewPrefs(context.workspaceState);
  const tree = new PapersTree(services, prefs);
  context.subscriptions.push(corrections, model, state, notes, panel, prefs, tree, syncUserTextIntoIndex(services));
  registerPaperCommands(services, tree, prefs);
  registerThemeCommands(services, (arg, title) => targetPaper(services, arg, title));
  activateStatusBar(services);
  const links = activateLinks(services);
  tree.useLinks(links);
  panel.useLinks(links);
  registerCollectionCommands(services);
  activateCollectionDiagnostics(services);
  registerExportBibtex(services, tree, links);
  context.subscriptions.push(
    activateAnnotations(services),
    registerExportAnnotations(services),
    vscode.commands.registerCommand(HIGHLIGHT_SELECTION_COMMAND, () => highlightSelection(services)),
  );
  void model.reload();
  return { services, tree, prefs, links, restricted };
}

export function deactivate(): void {}
