import * as vscode from 'vscode';
import { PapersModelImpl } from './features/analysis/model';
import { Loader } from './features/analysis/loading';
import { AnalysisPlatform } from './features/analysis/platform';
import { features } from './features';
import { ArrivalsStore } from './features/arrivals/service';
import { arrivalsStorage } from './features/arrivals/storage';
import type { LinksApi } from './features/links/types';
import { Links } from './features/links/service';
import { ForYouRanker } from './features/forYou';
import { WorkspaceNotes } from './features/notes';
import { PaperPanel } from './features/paperPanel';
import { Services } from './features/services';
import { RestrictedModeApi, restrictedModeApi, UserStore } from './features/storage';
import { ThemeCorrectionsStore } from './features/themes/correctionsStore';
import { ThemeDragAndDrop } from './features/themes/dragAndDrop';
import { PapersTree } from './features/tree/tree';
import { ViewPrefs } from './features/tree/viewPrefs';

/** What the extension hands to its tests (and to other extensions): the live services. */
export interface PapersApi {
  services: Services;
  links: LinksApi;
  tree: PapersTree;
  prefs: ViewPrefs;
  restricted: RestrictedModeApi;
}

/**
 * Only wiring: the shared services, then every feature of features/index.ts in its order. The entries
 * (extension.ts for the desktop, extension.web.ts for the web) give what differs: how the collections are analyzed.
 */
export async function activatePapers(
  context: vscode.ExtensionContext,
  platform: (log: vscode.LogOutputChannel) => AnalysisPlatform,
): Promise<PapersApi> {
  const { services, tree } = await buildServices(context, platform);
  for (const feature of features) await feature.activate(context, services);
  return { services, tree, prefs: services.prefs, links: services.links, restricted: services.restricted };
}

/** The services every feature may use (services.ts), each built once from those before it; all disposed with the extension. */
async function buildServices(
  context: vscode.ExtensionContext,
  platform: (log: vscode.LogOutputChannel) => AnalysisPlatform,
): Promise<{ services: Services; tree: PapersTree }> {
  const log = vscode.window.createOutputChannel('Papers', { log: true });
  context.subscriptions.push(log);
  // the start of activation, for the time to the tree in the log (scripts/bench/activation/hostMemory.mjs reads it)
  log.info(`activating Papers ${String(context.extension.packageJSON.version ?? '')}`);
  const corrections = new ThemeCorrectionsStore(context.workspaceState, log);
  await corrections.load();
  const loader = new Loader(context, log, corrections, platform(log));
  const model = new PapersModelImpl(context, log, corrections, loader);
  const userData = new UserStore(context.workspaceState, log);
  await userData.load();
  const notes = new WorkspaceNotes(model, log);
  const prefs = new ViewPrefs(context.workspaceState);
  const links = new Links({ log, model, notes });
  const arrivals = new ArrivalsStore({
    model,
    log,
    storage: arrivalsStorage(context),
    extensionUri: context.extensionUri,
  });
  const forYou = new ForYouRanker({ model, userData, notes, links, arrivals, log });
  const panel = new PaperPanel({ context, model, userData, notes, log, links, arrivals, forYou });
  const tree = new PapersTree(
    { model, userData, notes, links, prefs, arrivals, forYou },
    new ThemeDragAndDrop({ model, corrections }),
  );
  context.subscriptions.push(corrections, model, userData, notes, prefs, links, arrivals, forYou, panel, tree);
  return {
    services: {
      context,
      log,
      model,
      corrections,
      userData,
      notes,
      links,
      panel,
      tree,
      prefs,
      restricted: restrictedModeApi,
      arrivals,
      forYou,
    },
    tree,
  };
}
