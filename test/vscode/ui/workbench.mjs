// Playwright helpers for the VS Code web workbench (selectors of VS Code 1.100, see VSCODE-TESTING.md).
/** @typedef {import('../types.js').Page} Page */
/** @typedef {import('../types.js').Locator} Locator */

/** @param {string} s */
export const escapeRegExp = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** @param {number} ms */
export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** The tree's top rows that group the library (themes, collections): For You and the regroup advice above them left out. */
export const GROUP_ROWS =
  '.pane-body [role="treeitem"][aria-level="1"]:not([aria-label^="For You"]):not([aria-label^="Regroup Themes"])';

/**
 * The group rows of the side bar's tree (New left out): name and count, read in one go, since the tree redraws
 * under a row-by-row walk (a theme opened to reveal a paper, a refresh).
 * @param {Page} page
 * @returns {Promise<{ name: string; count: number }[]>}
 */
export async function themesShown(page) {
  /** @type {{ name: string; count: number }[]} */
  const rows = await page.locator(`.part.sidebar ${GROUP_ROWS}`).evaluateAll((/** @type {Element[]} */ els) =>
    els.map((el) => ({
      name: (el.querySelector('.label-name')?.textContent ?? '').trim(),
      count: Number((el.querySelector('.label-description')?.textContent ?? '').trim()),
    })),
  );
  return rows.filter((row) => row.name !== 'New');
}

/**
 * Waits until the workbench is drawn. Extensions may still be registering: the palette helpers retry.
 * @param {Page} page
 * @param {number} [timeout]
 */
export async function waitForWorkbench(page, timeout = 60_000) {
  await page.locator('.monaco-workbench').waitFor({ state: 'visible', timeout });
  await page.locator('.activitybar').waitFor({ state: 'visible', timeout });
  await page.locator('.statusbar').waitFor({ state: 'visible', timeout });
}

/**
 * Opens the command palette (F1) and returns its input box.
 * @param {Page} page
 */
export async function openPalette(page) {
  const input = page.locator('.quick-input-widget input.input');
  // A busy workbench can swallow the key (still starting, focus in a webview): press it again.
  for (let attempt = 1; !(await input.isVisible()); attempt++) {
    await page.locator('.monaco-workbench').press('F1');
    try {
      await input.waitFor({ state: 'visible', timeout: 10_000 });
    } catch (err) {
      if (attempt >= 4) throw err;
    }
  }
  return input;
}

/** @param {Page} page */
export async function closePalette(page) {
  await page.keyboard.press('Escape');
  await page.locator('.quick-input-widget').waitFor({ state: 'hidden' });
}

/** @param {Page} page */
const rowLabels = (page) => page.locator('.quick-input-list .monaco-list-row .label-name').allTextContents();

/**
 * The palette row whose label is exactly `label` ("Category: Title" for commands with a category).
 * @param {Page} page
 * @param {string} label
 */
export function paletteRow(page, label) {
  return page
    .locator('.quick-input-list .monaco-list-row')
    .filter({ has: page.locator('.label-name', { hasText: new RegExp(`^${escapeRegExp(label)}$`) }) })
    .first();
}

/**
 * Types `>label` into the palette until a command with exactly that label is listed, and returns its row.
 * Retyping matters: the palette computes its list when the text changes, and an extension's commands appear
 * only once the workbench has registered that extension, which can come after the window is drawn.
 * @param {Page} page
 * @param {string} label
 * @param {number} [timeout]
 */
export async function findCommand(page, label, timeout = 30_000) {
  let input = await openPalette(page);
  const row = paletteRow(page, label);
  const deadline = Date.now() + timeout;
  for (;;) {
    // The palette can close under us (focus taken by a notification, a dialog closing): open it again.
    if (!(await input.isVisible())) input = await openPalette(page);
    // It can also close between that check and the typing: then the next turn opens it again.
    const typed = await input.fill(`>${label}`, { timeout: 3_000 }).then(
      () => true,
      () => false,
    );
    if (!typed && Date.now() > deadline)
      throw new Error(`the command palette kept closing before "${label}" was typed`);
    if (!typed) continue;
    try {
      await row.waitFor({ state: 'visible', timeout: 1500 });
      return row;
    } catch {
      if (Date.now() > deadline) {
        const shown = await rowLabels(page);
        throw new Error(
          `the command palette has no command "${label}"; for that text it lists: ${shown.slice(0, 10).join(' | ') || '(nothing)'}`,
        );
      }
      if (await input.isVisible()) await input.fill('>', { timeout: 3_000 }).catch(() => {});
      await sleep(300);
    }
  }
}

/**
 * Types `>query` into the palette and returns the labels it lists (the rows rendered, at most a screenful).
 * @param {Page} page
 * @param {string} query
 */
export async function listCommands(page, query) {
  const input = await openPalette(page);
  await input.fill(`>${query}`);
  await page.locator('.quick-input-list .monaco-list-row').first().waitFor({ state: 'visible' });
  return rowLabels(page);
}

/**
 * Runs a command through the palette by its full label, e.g. "Papers: Search Papers".
 * @param {Page} page
 * @param {string} label
 */
export async function runCommand(page, label) {
  // No wait for the palette to close: some commands open a quick pick of their own in the same widget.
  // A row found but not clickable within seconds belongs to a palette that closed meanwhile (a view taking focus
  // as it fills, a notification): find the command again in a palette opened anew.
  for (let attempt = 1; ; attempt++) {
    const row = await findCommand(page, label);
    try {
      await row.click({ timeout: 5_000 });
      return;
    } catch (err) {
      if (attempt === 3) throw err;
      await page.keyboard.press('Escape');
    }
  }
}

/**
 * Has the workbench write its state (the layout: the sidebar's width is the same for every window of the browser)
 * now rather than within the minute: a change made just before the window closes would otherwise be lost, and the
 * next windows open as the state last written left them. The workbench writes it when its window loses focus.
 * @param {Page} page
 */
export async function flushWorkbenchState(page) {
  await page.evaluate(() => {
    const hasFocus = document.hasFocus;
    document.hasFocus = () => false;
    window.dispatchEvent(new FocusEvent('blur'));
    setTimeout(() => {
      document.hasFocus = hasFocus;
      window.dispatchEvent(new FocusEvent('focus'));
    }, 1000);
  });
  await sleep(2000);
}

/**
 * Polls `probe` until it returns something truthy (and returns that), or throws after `timeout` ms.
 * @template T
 * @param {string} what
 * @param {() => T | Promise<T>} probe
 * @param {number} [timeout]
 * @returns {Promise<Exclude<Awaited<T>, false | 0 | '' | null | undefined>>} the probe's first truthy answer
 */
export async function waitFor(what, probe, timeout = 30_000) {
  const deadline = Date.now() + timeout;
  for (;;) {
    const v = await probe();
    if (v) return /** @type {Exclude<Awaited<T>, false | 0 | '' | null | undefined>} */ (v);
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(200);
  }
}

/**
 * Opens or closes a tree row by its twistie (so the row is not selected: no selection or inline actions shown),
 * until it is as asked: a click while the tree redraws can be lost.
 * @param {Locator} row
 * @param {boolean} open
 */
export async function setRowOpen(row, open) {
  await waitFor(`the row ${open ? 'opened' : 'closed'}`, async () => {
    if ((await row.getAttribute('aria-expanded')) === String(open)) return true;
    await row
      .locator('.monaco-tl-twistie')
      .click({ timeout: 5000 })
      .catch(() => undefined);
    await sleep(400);
    return (await row.getAttribute('aria-expanded')) === String(open);
  });
}
