import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { toBibtex } from '../../../../src/core/export/bibtex';
import { scratchDir } from '../../../helpers/scratchDir';
import { oneLine, paper, SPECIAL_TEXT, TRICKY } from '../../../helpers/exportFixtures';

describe('toBibtex read by biber', () => {
  test('biber reads the export without errors or warnings', () => {
    const version = spawnSync('biber', ['--version'], { encoding: 'utf8' });
    // not a skip: without biber this check would silently stop guarding the export (npm test installs it)
    assert.equal(
      version.status,
      0,
      `biber did not run (${version.error?.message ?? version.stderr}); install it: node test/vscode/setup.mjs --biber`,
    );
    const dir = scratchDir('papers-biber');
    const random = fc.sample(fc.tuple(SPECIAL_TEXT, SPECIAL_TEXT, fc.array(SPECIAL_TEXT, { maxLength: 3 })), {
      seed: 3,
      numRuns: 200,
    });
    // titles with math, written as the file gave it
    const withMath = [
      ['O(H²√T) regret for BERT', 'Regret of $O(H^2\\sqrt{T})$ for BERT'],
      ['Echo-E³Net: λ-tuning & 50% costs', 'Echo-E$^3$Net: $\\lambda$-tuning & 50% costs'],
      ['O(n log n) sorting of {x}', '$\\mathcal{O}(n\\log n)$ sorting of {x}'],
    ].map(([sourceTitle, sourceTitleMath], i) => paper(`Math in titles ${i}.`, { sourceTitle, sourceTitleMath }));
    const titled = [
      ...TRICKY,
      ...withMath,
      ...random.map(([a, t, names], i) =>
        paper(`${oneLine(a)} ${i}`, {
          sourceTitle: t,
          authors: names.map(oneLine).filter((n) => n && !/^and$/i.test(n)),
        }),
      ),
    ].map((p) => ({
      ...p,
      sourceTitle: p.sourceTitle ?? 'A title',
      year: p.year ?? '2024',
    }));
    writeFileSync(
      join(dir, 'export.bib'),
      toBibtex(titled, { keyOf: (p) => `k${titled.indexOf(p)}`, noteOf: () => 'A note with 100% {odd} \\ chars' }),
    );
    // --tool reads the file as biblatex would, checks each entry against the data model and writes it back
    const run = spawnSync('biber', ['--tool', '--validate-datamodel', 'export.bib'], { cwd: dir, encoding: 'utf8' });
    const log = run.stdout + run.stderr;
    assert.equal(run.status, 0, log);
    assert.doesNotMatch(log, /ERROR|WARN/, log);
    const rewritten = readFileSync(join(dir, 'export_bibertool.bib'), 'utf8');
    assert.equal([...rewritten.matchAll(/^@MISC\{k\d+,/gm)].length, titled.length);
  });
});
