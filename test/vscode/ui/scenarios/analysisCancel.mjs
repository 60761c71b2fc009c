// Cancelling the first analysis of a large collection from its notification: the analysis process ends, the tree
// says the analysis stopped and offers to start again, and "Analyze Again" loads the collection.
import { rmSync, writeFileSync } from 'node:fs';
import { processesUnder } from '../../codeServer.mjs';
import { sleep, waitFor } from '../workbench.mjs';
import { prepareLibrary } from './partialSearch.mjs';

const PAPERS = 8000;

/**
 * Analysis processes started under this scenario's code-server (dist/analysisWorker.js run by fork).
 * @param {number} serverPid
 */
const analysisProcesses = (serverPid) => processesUnder(serverPid).filter((p) => p.cmd.includes('analysisWorker.js'));

/** @type {import('../../types.js').Scenario[]} */
export const scenarios = [
  {
    name: 'cancel the first analysis from its notification, then analyze again',
    prepare: (workspace) => prepareLibrary(workspace, PAPERS),
    async run({ page, shot, server, holdAnalysisFile }) {
      // a fast machine could finish the analysis before the click: it waits until the cancel is done
      writeFileSync(holdAnalysisFile, 'held by the cancel scenario\n');
      await page.locator('.activitybar a.action-label[aria-label^="Papers"]').click();
      const toast = page
        .locator('.notification-toast', { hasText: 'Papers' })
        .filter({ has: page.locator('.monaco-button', { hasText: 'Cancel' }) });
      await toast.waitFor({ state: 'visible', timeout: 60_000 });
      await waitFor('the analysis process', async () => analysisProcesses(server.pid).length > 0, 30_000);
      await shot('analyzing');
      await toast.locator('.monaco-button', { hasText: 'Cancel' }).click();
      const welcome = page.locator('.pane-body .welcome-view-content', {
        hasText: 'Papers stopped analyzing the collections.',
      });
      await welcome.waitFor({ state: 'visible', timeout: 30_000 });
      await page
        .locator('.notification-toast', { hasText: 'Papers stopped analyzing the collections.' })
        .waitFor({ state: 'visible', timeout: 30_000 });
      await waitFor('the analysis process to end', async () => analysisProcesses(server.pid).length === 0, 15_000);
      // the status bar says the analysis stopped (no spinner left behind)
      await page.locator('.statusbar .codicon-debug-pause').waitFor({ state: 'visible', timeout: 10_000 });
      if (await page.locator('.statusbar .codicon-loading').count())
        throw new Error('the status bar still spins after the cancel');
      await sleep(300);
      await shot('stopped');
      rmSync(holdAnalysisFile);
      await welcome.locator('.monaco-button, a', { hasText: 'Analyze Again' }).first().click();
      await page
        .locator('.pane-body .monaco-list-row[aria-level="1"]')
        .first()
        .waitFor({ state: 'visible', timeout: 240_000 });
      const rows = await page.locator('.pane-body .monaco-list-row[aria-level="1"]').count();
      if (rows < 5) throw new Error(`after Analyze Again the tree shows ${rows} themes`);
      await shot('analyzed-again');
    },
  },
];
