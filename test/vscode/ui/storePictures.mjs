// Pictures for the store page and the walkthrough, taken by the store screenshots scenario in the dark and the
// light theme. The window is drawn at 1.25 device pixels per CSS pixel: a 1280 x 800 picture of a 1024 x 640
// workbench, whose text stays legible when the store shows the picture narrower than it is. The pictures are
// written to media/screenshots/ only when PAPERS_SHOTS is set (1 for that folder, or a folder of your own), so a
// test run never rewrites the committed files; test-results/screenshots/ gets them on every run.
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { REPO_ROOT } from '../setup.mjs';
import { sleep, waitFor } from './workbench.mjs';

/** The color themes pictured, by the name VS Code gives them and the class its workbench then carries. */
export const THEMES = [
  { name: 'dark', label: 'Default Dark Modern', workbenchClass: 'vs-dark' },
  { name: 'light', label: 'Default Light Modern', workbenchClass: 'vs' },
];

/** Where PAPERS_SHOTS asks the pictures to go, or undefined when it does not. */
function picturesDir() {
  const asked = process.env.PAPERS_SHOTS;
  if (!asked) return undefined;
  return asked === '1' ? join(REPO_ROOT, 'media', 'screenshots') : resolve(asked);
}

/**
 * Draws the page at 1.25 device pixels per CSS pixel, the picture still `width` x `height` device pixels.
 * @param {import('../types.js').Page} page
 */
export async function drawLarger(page, width = 1280, height = 800) {
  const scale = 1.25;
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setDeviceMetricsOverride', {
    width: Math.round(width / scale),
    height: Math.round(height / scale),
    deviceScaleFactor: scale,
    mobile: false,
  });
  await sleep(1000); // the workbench lays itself out again
}

/**
 * Writes the workspace settings: `settings` and the color theme. VS Code applies a changed file at once.
 * @param {string} workspace
 * @param {Record<string, unknown>} settings
 * @param {typeof THEMES[number]} theme
 */
export function writeSettings(workspace, settings, theme) {
  mkdirSync(join(workspace, '.vscode'), { recursive: true });
  writeFileSync(
    join(workspace, '.vscode', 'settings.json'),
    `${JSON.stringify({ ...settings, 'workbench.colorTheme': theme.label }, null, 2)}\n`,
  );
}

/**
 * Switches the color theme and waits until the workbench wears it: through the workspace settings, or, when the
 * window does not take the theme from them (seen when the extension's folder holds a real node_modules: the
 * workbench stays on Light+), through Preferences: Color Theme as a user would.
 * @param {import('../types.js').ScenarioContext} ui
 * @param {typeof THEMES[number]} theme
 */
async function wearTheme({ page, workspace, runCommand }, theme) {
  const file = join(workspace, '.vscode', 'settings.json');
  const settings = JSON.parse(readFileSync(file, 'utf8'));
  writeSettings(workspace, settings, theme);
  const worn = page.locator(`.monaco-workbench.${theme.workbenchClass}`);
  const bySettings = await worn.waitFor({ state: 'attached', timeout: 8_000 }).then(
    () => true,
    () => false,
  );
  if (!bySettings) {
    await runCommand('Preferences: Color Theme');
    // the picker names the theme without "Default " ("Dark Modern"), the setting with it
    const shown = theme.label.replace(/^Default /, '');
    await page.locator('.quick-input-widget input.input').fill(shown);
    await page.locator('.quick-input-list .monaco-list-row', { hasText: shown }).first().waitFor();
    await page.keyboard.press('Enter');
    await worn.waitFor({ state: 'attached', timeout: 20_000 });
  }
  await sleep(1200); // webviews and the editors repaint in the new colors
}

/**
 * Keeps a picture for the store, made about a third of its size by pngquant (256 colors, no visible loss) when it is
 * installed (apt-get install pngquant); as taken otherwise.
 * @param {string} from
 * @param {string} name
 */
function keepPicture(from, name) {
  const dir = picturesDir();
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  const to = join(dir, `${name}.png`);
  const args = ['--quality=70-95', '--speed=1', '--strip', '--force', '--output', to, from];
  const quantized = spawnSync('pngquant', args);
  if (quantized.status !== 0) copyFileSync(from, to);
}

/**
 * Puts the workbench back where the window shows it, and fails when it is not there: once, a focus change scrolled
 * the whole workbench by a part of the window (the sidebar cut, white beyond the workbench's edges), a broken
 * picture nothing else would have caught.
 * @param {import('../types.js').Page} page
 */
async function workbenchInPlace(page) {
  const box = await page.evaluate(() => {
    const workbench = document.querySelector('.monaco-workbench');
    for (let el = workbench; el; el = el.parentElement) el.scrollTop = el.scrollLeft = 0;
    window.scrollTo(0, 0);
    const r = workbench?.getBoundingClientRect();
    return r && { left: r.left, top: r.top, width: r.width, height: r.height, w: innerWidth, h: innerHeight };
  });
  const near = (/** @type {number} */ a, /** @type {number} */ b) => Math.abs(a - b) < 1;
  const fits = box && near(box.left, 0) && near(box.top, 0) && near(box.width, box.w) && near(box.height, box.h);
  if (!fits) throw new Error(`the workbench is not where the window shows it: ${JSON.stringify(box)}`);
}

/**
 * Takes the picture `name` in each theme: `<name>-dark` and `<name>-light`, the window left in the first theme.
 * `restage` (optional) puts back what a theme change takes away (a hover), before each picture.
 * @param {import('../types.js').ScenarioContext} ui
 * @param {string} name
 * @param {() => Promise<void>} [restage]
 */
export async function pictureInBothThemes(ui, name, restage = async () => {}) {
  const { page, shot } = ui;
  for (const [i, theme] of [...THEMES, THEMES[0]].entries()) {
    await wearTheme(ui, theme);
    if (i === THEMES.length) return;
    // no progress or message over the picture
    await waitFor('no notification', async () => (await page.locator('.notification-toast').count()) === 0, 120_000);
    await restage();
    await workbenchInPlace(page);
    await sleep(300);
    keepPicture(await shot(`${name}-${theme.name}`), `${name}-${theme.name}`);
  }
}
