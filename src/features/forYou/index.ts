import * as vscode from 'vscode';
import { applyChange, Paper } from '../../core/papers';
import { targetPaper } from '../papers/target';
import { FeatureActivator, Services } from '../services';

export { ForYouRanker, forYouCount, DEFAULT_COUNT } from './service';

export const NOT_INTERESTED_COMMAND = 'papers.notInterested';
export const UNDO_NOT_INTERESTED_COMMAND = 'papers.undoNotInterested';

/** Signals come in bursts (a tag on ten papers, a reload of the notes): one ranking after the burst. */
const QUIET_MS = 400;

const errorMessage = (e: unknown) => (e instanceof Error ? e.message : String(e));

/** Marks a paper "not interested" or takes the mark back; a write, refused in Restricted Mode like a star. */
export function setNotInterested(services: Pick<Services, 'userData'>, paper: Paper, on: boolean): Promise<void> {
  return services.userData.update(paper.id, (d) => applyChange(d, { notInterested: on }));
}

/**
 * For You: ranks the library again (off the critical path, after a quiet moment) whenever a signal or the analysis
 * changes, and the "not interested" commands. The tree, the paper view and the search read the ranking from
 * `services.forYou`.
 */
export const activate: FeatureActivator = (context, services) => {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const recompute = () => {
    timer = undefined;
    try {
      const started = performance.now();
      services.forYou.recompute();
      const ms = performance.now() - started;
      if (ms > 200) services.log.info(`For You: ranked in ${Math.round(ms)} ms`);
    } catch (e) {
      services.log.error(`For You: could not rank the papers: ${errorMessage(e)}`);
    }
  };
  const schedule = () => {
    if (timer) clearTimeout(timer);
    timer = setTimeout(recompute, QUIET_MS);
  };
  const onPaper = (id: string, title: string, on: boolean) =>
    vscode.commands.registerCommand(id, async (arg?: unknown) => {
      const paper = await targetPaper(services, arg, title);
      if (!paper) return;
      await setNotInterested(services, paper, on);
      if (on && services.userData.data(paper.id).notInterested === true)
        vscode.window.setStatusBarMessage(`$(eye-closed) Not interested: "${paper.title}" is out of For You`, 4000);
    });
  context.subscriptions.push(
    { dispose: () => timer && clearTimeout(timer) },
    services.model.onDidChange(schedule),
    services.userData.onDidChange(schedule),
    services.notes.onDidChange(schedule),
    services.links.onDidChange(schedule),
    services.arrivals.onDidChange(schedule),
    vscode.workspace.onDidChangeConfiguration((e) => e.affectsConfiguration('papers.forYou') && schedule()),
    onPaper(NOT_INTERESTED_COMMAND, 'Not Interested', true),
    onPaper(UNDO_NOT_INTERESTED_COMMAND, 'Undo Not Interested', false),
  );
  if (services.model.analysis) schedule();
};
