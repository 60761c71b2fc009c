// Renders the Marketplace icon (media/icon.png, 128×128: vsce takes no SVG) from the activity-bar icon
// media/papers.svg, white on a dark tile, with the Chromium the UI tests use. Run after changing the SVG:
//   node test/vscode/setup.mjs && node scripts/renderIcon.mjs
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { CHROMIUM_PATH, REPO_ROOT } from '../test/vscode/setup.mjs';

const require = createRequire(join(REPO_ROOT, '.vscode-test', 'code-server', 'package.json'));
// @ts-expect-error -- playwright-core is installed by test/vscode/setup.mjs into .vscode-test/, where TypeScript does not look
const { chromium } = require('playwright-core');

const svg = readFileSync(join(REPO_ROOT, 'media', 'papers.svg'), 'utf8')
  .replace('stroke="currentColor"', 'stroke="#ffffff"')
  .replace(/width="24" height="24"/, 'width="96" height="96"');
const html = `<html><body style="margin:0;background:transparent">
<div style="width:128px;height:128px;border-radius:24px;background:#1f4e79;display:flex;align-items:center;justify-content:center">${svg}</div>
</body></html>`;

const browser = await chromium.launch({ executablePath: CHROMIUM_PATH });
try {
  const page = await browser.newPage({ viewport: { width: 128, height: 128 } });
  await page.setContent(html);
  await page.screenshot({ path: join(REPO_ROOT, 'media', 'icon.png'), omitBackground: true });
} finally {
  await browser.close();
}
console.log('wrote media/icon.png');
