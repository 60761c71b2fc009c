// The walkthrough a newcomer meets: "Get Started with Papers" opened from the palette lists its steps with their
// images; the Search step's button runs Search Papers, and the step is then checked as done.
import { sleep, waitFor } from '../workbench.mjs';

const STEPS = 6;

/** @type {import('../../types.js').Scenario[]} */
export const scenarios = [
  {
    name: 'walkthrough: Get Started with Papers lists its steps; doing one (Search) checks it',
    async run({ page, runCommand, shot }) {
      await runCommand('Welcome: Open Walkthrough...');
      const pick = page.locator('.quick-input-list .monaco-list-row', { hasText: 'Get Started with Papers' }).first();
      await pick.waitFor({ state: 'visible', timeout: 30_000 });
      await pick.click();
      const steps = page.locator('.getting-started-step');
      await waitFor(`${STEPS} steps`, async () => (await steps.count()) === STEPS, 30_000);
      const search = steps.filter({ hasText: 'Search as you type' }).first();
      await search.click();
      await sleep(500);
      const image = page.locator('.getting-started-media img').first();
      await image.waitFor({ state: 'visible', timeout: 15_000 });
      await shot('steps');
      const done = async () => (await search.getAttribute('aria-checked')) === 'true';
      if (await done()) throw new Error('the Search step was done before it was done');
      await search.getByRole('button', { name: 'Search Papers' }).first().click();
      const title = page.locator('.quick-input-widget .quick-input-title', { hasText: 'Search Papers' });
      await title.waitFor({ state: 'visible', timeout: 15_000 });
      await page.keyboard.press('Escape');
      await waitFor('the Search step checked', done, 15_000);
      await shot('search-done');
    },
  },
];
