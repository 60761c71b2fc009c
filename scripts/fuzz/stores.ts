/**
 * The fuzzer's stand-in for the editor's stores (bundled by scripts/fuzz/run.mjs and run as a child process in
 * the workspace): it reads `.papers/` as the extension does at activation — each paper's user data, the theme
 * corrections applied to a library of `--papers N` papers in themes, each links file re-anchored against the
 * file it names — with the same core parsers. A file it cannot read is reported as one line; anything else
 * thrown ends the process with a stack trace, which the fuzzer counts as a failure.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { PapersInputError } from '../../src/core/common';
import { LINKS_DIR, paperIdOfLinksFile, parseLinks, reanchor } from '../../src/core/links';
import { parseUserData, Theme } from '../../src/core/papers';
import { applyThemeCorrections, outlineThemes, parseCorrections, sizesUnder } from '../../src/core/themes';

let problems = 0;

/** Runs one read; a PapersInputError is the product's own one-line report, anything else is not caught. */
function read(what: () => void): void {
  try {
    what();
  } catch (err) {
    if (!(err instanceof PapersInputError)) throw err;
    process.stderr.write(`${err.message}\n`);
    problems++;
  }
}

const names = (dir: string) => {
  try {
    return readdirSync(dir).sort();
  } catch {
    return [];
  }
};

/** A library of `n` papers in themes of 500, with a few ids that are prototype keys. */
function library(n: number) {
  const papers = Array.from({ length: n }, (_, i) => ({ id: `p${i}`, abstract: `paper ${i} on topic ${i % 97}` }));
  const themes: Theme[] = [];
  for (let t = 0; t * 500 < n; t++) {
    const id = t < 3 ? ['constructor', '__proto__', 'toString'][t] : `theme-${t}`;
    themes.push({ id, label: `Theme ${t}`, paperIds: papers.slice(t * 500, (t + 1) * 500).map((p) => p.id) });
  }
  return { papers, themes };
}

function main(root: string, size: number) {
  for (const name of names(join(root, '.papers/papers')).filter((n) => n.endsWith('.json'))) {
    const rel = `.papers/papers/${name}`;
    read(() => parseUserData(readFileSync(join(root, rel), 'utf8'), rel));
  }
  read(() => {
    const rel = '.papers/themes.json';
    const text = statSync(join(root, rel), { throwIfNoEntry: false }) ? readFileSync(join(root, rel), 'utf8') : '{}';
    const { papers, themes } = library(size);
    const corrected = applyThemeCorrections(themes, papers, parseCorrections(text, rel));
    const sizes = sizesUnder(corrected);
    outlineThemes(corrected.map((t) => ({ ...t, size: sizes.get(t.id) ?? 0 })));
  });
  for (const name of names(join(root, LINKS_DIR)).filter((n) => paperIdOfLinksFile(n) !== undefined)) {
    const rel = `${LINKS_DIR}/${name}`;
    read(() => {
      for (const link of parseLinks(readFileSync(join(root, rel), 'utf8'), rel)) {
        let text: string | undefined;
        try {
          text = readFileSync(join(root, link.file), 'utf8');
        } catch {
          text = undefined;
        }
        if (text !== undefined) reanchor(link, text);
      }
    });
  }
  process.exitCode = problems ? 1 : 0;
}

main(process.cwd(), Number(process.argv[2] ?? 1000));
