// Restricted Mode for real: a code-server of its own with workspace trust on, the folder opened without trusting
// it. Papers still loads, shows and searches the papers, but a write command says it is in Restricted Mode and
// nothing appears in the folder (no .papers/, no notes/).
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { RESULTS_DIR, startCodeServer } from '../../codeServer.mjs';
import { REPO_ROOT } from '../../setup.mjs';
import { GROUP_ROWS, runCommand, waitForWorkbench } from '../workbench.mjs';

/** @param {number} ms */
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

const NAME = 'restricted-mode-reads-and-searches-but-writes-nothing';

/** @type {import('../../types.js').Scenario[]} */
export const scenarios = [
  {
    name: 'restricted mode: reads and searches but writes nothing',
    async run({ page: shared, workspace }) {
      const server = await startCodeServer({ logName: 'ui-code-server-untrusted', workspaceTrust: true });
      const page = await shared.context().newPage();
      /** @param {string} name */
      const shot = (name) => page.screenshot({ path: join(RESULTS_DIR, 'screenshots', `${NAME}--${name}.png`) });
      try {
        await page.goto(server.workbenchUrl({ folder: workspace, extensionDevelopmentPath: REPO_ROOT }));
        await waitForWorkbench(page);
        // the trust prompt of a new folder: do not trust it
        const distrust = page.locator('.monaco-dialog-box .monaco-button', {
          hasText: /^No, I don.t trust the authors$/,
        });
        await distrust.waitFor({ state: 'visible', timeout: 30_000 });
        await shot('trust-prompt');
        await distrust.click();
        await page
          .locator('.statusbar-item', { hasText: 'Restricted Mode' })
          .first()
          .waitFor({ state: 'visible', timeout: 15_000 });

        await page.locator('.activitybar a.action-label[aria-label^="Papers"]').click();
        const theme = page.locator(GROUP_ROWS).first();
        await theme.waitFor({ state: 'visible', timeout: 60_000 });
        // the For You row comes above the themes a moment after them (its first ranking waits out a debounce): a
        // click before it would land on a row that has moved
        await page
          .locator('.pane-body [role="treeitem"][aria-level="1"][aria-label^="For You"]')
          .first()
          .waitFor({ state: 'visible', timeout: 10_000 })
          .catch(() => {});
        await sleep(300);
        await theme.click();
        const paperRow = page.locator('[role="treeitem"][aria-level="2"]').first();
        await paperRow.waitFor({ state: 'visible' });
        // reading works: the paper opens in the paper view (its notes are not created)
        await paperRow.click();
        const view = page.frameLocator('iframe.webview.ready').frameLocator('iframe#active-frame');
        await view.locator('h1').waitFor({ state: 'visible', timeout: 30_000 });
        const toast = page.locator('.notifications-toasts .notification-toast', {
          hasText: 'Papers is in Restricted Mode',
        });
        await toast.first().waitFor({ state: 'visible', timeout: 15_000 });
        await sleep(500);
        await shot('paper-view-and-message');
        // a write command from the palette: said again, and still nothing written
        await page
          .locator('.notifications-toasts .notification-toast .codicon-notifications-clear')
          .first()
          .click()
          .catch(() => {});
        await sleep(3500); // the message is shown once per burst of attempts
        await runCommand(page, 'Papers: Toggle Star');
        await toast.first().waitFor({ state: 'visible', timeout: 15_000 });
        await sleep(1000);
        await shot('toggle-star-refused');
        if (await page.locator('.monaco-dialog-box').isVisible())
          throw new Error(`an error dialog: ${await page.locator('.monaco-dialog-box').innerText()}`);

        const written = ['.papers', 'notes'].filter((d) => existsSync(join(workspace, d)));
        if (written.length)
          throw new Error(
            `Restricted Mode wrote into the folder: ${written.join(', ')} (${readdirSync(workspace).join(', ')})`,
          );
        const row = await paperRow.getAttribute('aria-label');
        if (/starred/.test(row.replace(/unstarred/g, ''))) throw new Error(`the paper shows as starred: ${row}`);
      } finally {
        await page.close().catch(() => {});
        await server.stop();
      }
    },
  },
];
