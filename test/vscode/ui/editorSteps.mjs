// Steps the scenarios share: waiting, opening a workspace file, selecting lines, the paper view's page, and a web
// page VS Code is asked to open.

import { sleep, waitFor } from './workbench.mjs';
/** @typedef {import('../types.js').Page} Page */

export { sleep, waitFor };

/**
 * The paper view's page: the webview's outer iframe, then the frame its content runs in.
 * @param {Page} page
 */
export const paperView = (page) => page.frameLocator('iframe.webview.ready').frameLocator('iframe#active-frame');

/**
 * Opens a workspace file through Go to File, in the active editor group.
 * @param {Page} page
 * @param {(title: string) => Promise<void>} runCommand
 * @param {string} name
 */
export async function openFile(page, runCommand, name) {
  await runCommand('Go to File...');
  const input = page.locator('.quick-input-widget input.input');
  await input.fill(name);
  await page.locator('.quick-input-list .monaco-list-row', { hasText: name }).first().waitFor({ state: 'visible' });
  await page.keyboard.press('Enter');
  await page.locator(`.tabs-container .tab[aria-label^="${name}"]`).first().waitFor({ state: 'visible' });
}

/**
 * Selects whole lines (1-based, inclusive) of the focused editor with Go to Line and Shift+Down.
 * @param {Page} page
 * @param {(title: string) => Promise<void>} runCommand
 * @param {number} first
 * @param {number} last
 */
export async function selectLines(page, runCommand, first, last) {
  await runCommand('Go to Line/Column...');
  await page.keyboard.type(String(first));
  await page.keyboard.press('Enter');
  await page.keyboard.press('Home');
  await page.keyboard.press('Home');
  for (let i = first; i <= last; i++) await page.keyboard.press('Shift+ArrowDown');
}

/**
 * Runs `act` (a click or a key that asks VS Code to open a web page) and checks that VS Code was asked to open an
 * address starting with `url`: its prompt before a site it does not trust (answered Cancel, so nothing is fetched;
 * `atPrompt` runs while it shows), or the page it opened without asking (closed at once).
 * @param {Page} page
 * @param {() => Promise<void>} act
 * @param {string} url
 * @param {() => Promise<unknown>} [atPrompt]
 */
export async function expectExternalOpen(page, act, url, atPrompt) {
  const popup = page
    .context()
    .waitForEvent('page', { timeout: 15_000 })
    .catch(() => undefined);
  await act();
  const dialog = page.locator('.monaco-dialog-box');
  const asked = await dialog
    .waitFor({ state: 'visible', timeout: 15_000 })
    .then(() => true)
    .catch(() => false);
  if (asked) {
    const text = await dialog.innerText();
    if (!text.includes(url)) throw new Error(`asked to open ${url}, the prompt says: ${text}`);
    await atPrompt?.();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
  } else {
    const opened = await popup;
    const got = opened?.url() ?? '';
    await opened?.close();
    if (!got.startsWith(url)) throw new Error(`asked to open ${url}, opened "${got}"`);
  }
}
