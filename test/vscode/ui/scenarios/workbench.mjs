// The harness itself: the workbench loads with the extension (its commands in the palette, its activity bar
// icon), and the extension host runs. Feature scenarios live in their own files next to this one.
import { closePalette, findCommand } from '../workbench.mjs';

/**
 * "Papers: Search Papers"-style labels of the commands the palette always shows (no `when` of their own there).
 * @param {{ contributes?: { menus?: { commandPalette?: { command: string }[] },
 *   commands?: { command: string, title: string, category?: string, enablement?: string }[] } }} manifest
 */
function paletteCommandLabels(manifest) {
  const conditional = new Set((manifest.contributes?.menus?.commandPalette ?? []).map((m) => m.command));
  return (manifest.contributes?.commands ?? [])
    .filter((c) => !conditional.has(c.command) && !c.enablement)
    .map((c) => (c.category ? `${c.category}: ${c.title}` : c.title));
}

/** @type {import('../../types.js').Scenario[]} */
export const scenarios = [
  {
    name: 'workbench loads and the command palette lists commands',
    async run({ page, shot, manifest }) {
      const expected = paletteCommandLabels(manifest);
      // Before the extension contributes commands, a built-in one proves the palette works.
      const query = expected.length ? expected[0] : 'Developer: Show Running Extensions';
      await findCommand(page, query);
      await shot('palette');
      await closePalette(page);
      for (const container of manifest.contributes?.viewsContainers?.activitybar ?? []) {
        await page
          .locator(`.activitybar a.action-label[aria-label^="${container.title}"]`)
          .waitFor({ state: 'visible' });
      }
      await shot('workbench');
    },
  },
  {
    name: 'the extension host starts and runs extensions',
    async run({ page, runCommand, shot }) {
      await runCommand('Developer: Show Running Extensions');
      const rows = page.locator('.runtime-extensions-editor .monaco-list-row');
      await rows.first().waitFor({ state: 'visible' });
      await shot('running-extensions');
      if ((await rows.count()) === 0) throw new Error('the Running Extensions editor lists no extension');
    },
  },
];
