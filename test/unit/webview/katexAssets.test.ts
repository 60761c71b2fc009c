// The build copies KaTeX's stylesheet and fonts into media/katex/ (scripts/build.mjs): the paper view's CSP lets
// it load fonts from the extension only, so every font the stylesheet names must be there, and only woff2 ones.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The repository, from out/test/unit/webview/ where this runs. */
const ROOT = join(__dirname, '..', '..', '..', '..');
const KATEX = join(ROOT, 'media', 'katex');

describe('KaTeX assets in media/katex', () => {
  test('the stylesheet names woff2 fonts only, and each is there', () => {
    const css = readFileSync(join(KATEX, 'katex.min.css'), 'utf8');
    const fonts = [...css.matchAll(/url\(([^)]+)\)/g)].map((m) => m[1]);
    assert.ok(fonts.length >= 15, `${fonts.length} fonts named`);
    for (const font of fonts) {
      assert.match(font, /^fonts\/KaTeX_[\w-]+\.woff2$/);
      assert.ok(existsSync(join(KATEX, font)), font);
    }
  });

  test('the version copied is the one package.json pins', () => {
    const pinned = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).dependencies.katex;
    const installed = JSON.parse(readFileSync(join(ROOT, 'node_modules', 'katex', 'package.json'), 'utf8')).version;
    assert.match(pinned, /^\d+\.\d+\.\d+$/, 'an exact version');
    assert.equal(installed, pinned);
  });
});
