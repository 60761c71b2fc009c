// Cancelling the first analysis of a large collection from its notification: the analysis process ends, the tree
// says the analysis stopped and offers to start again, and "Analyze Again" loads the collection.
import { readdirSync, readFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { sleep, waitFor } from '../workbench.mjs';
import { recombined } from './partialSearch.mjs';

const PAPERS = 8000;

/** Analysis processes started under this scenario's code-server (dist/analysisWorker.js run by fork). */
function analysisProcesses(serverPid) {
  const parent = new Map();
  const cmd = new Map();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      parent.set(Number(name), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
      cmd.set(Number(name), readFileSync(`/proc/${name}/cmdline`, 'utf8'));
    } catch { /* gone */ }
  }
  const under = (pid) => { for (let p = pid; p > 1; p = parent.get(p)) if (p === serverPid) return true; return false; };
  return [...cmd].filter(([pid, c]) => c.includes('analysisWorker.js') && under(pid)).map(([pid]) => pid);
}

export const scenarios = [
  {
    name: 'cancel the first analysis from its notification, then analyze again',
    prepare(workspace) {
      writeFileSync(join(workspace, 'library.txt'), `Daily Papers\n\n${recombined(PAPERS).join('\n\n')}\n`);
      mkdirSync(join(workspace, '.vscode'), { recursive: true });
      writeFileSync(join(workspace, '.vscode', 'settings.json'), `${JSON.stringify({ 'papers.collections': ['library.txt'] }, null, 2)}\n`);
    },
    async run({ page, shot, server }) {
      await page.locator('.activitybar a.action-label[aria-label^="Papers"]').click();
      const toast = page.locator('.notification-toast', { hasText: 'Papers' }).filter({ has: page.locator('.monaco-button', { hasText: 'Cancel' }) });
      await toast.waitFor({ state: 'visible', timeout: 60_000 });
      await waitFor('the analysis process', async () => analysisProcesses(server.pid).length > 0, 30_000);
      await shot('analyzing');
      await toast.locator('.monaco-button', { hasText: 'Cancel' }).click();
      const welcome = page.locator('.pane-body .welcome-view-content', { hasText: 'Papers stopped analyzing the collections.' });
      await welcome.waitFor({ state: 'visible', timeout: 30_000 });
      await page.locator('.notification-toast', { hasText: 'Papers stopped analyzing the collections.' }).waitFor({ state: 'visible', timeout: 30_000 });
      await waitFor('the analysis process to end', async () => analysisProcesses(server.pid).length === 0, 15_000);
      // the status bar says the analysis stopped (no spinner left behind)
      await page.locator('.statusbar .codicon-debug-pause').waitFor({ state: 'visible', timeout: 10_000 });
      if (await page.locator('.statusbar .codicon-loading').count()) throw new Error('the status bar still spins after the cancel');
      await sleep(300);
      await shot('stopped');
      await welcome.locator('.monaco-button, a', { hasText: 'Analyze Again' }).first().click();
      await page.locator('.pane-body .monaco-list-row[aria-level="1"]').first().waitFor({ state: 'visible', timeout: 240_000 });
      const rows = await page.locator('.pane-body .monaco-list-row[aria-level="1"]').count();
      if (rows < 5) throw new Error(`after Analyze Again the tree shows ${rows} themes`);
      await shot('analyzed-again');
    },
  },
];
