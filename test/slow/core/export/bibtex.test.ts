import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { toBibtex } from '../../../../src/core/export/bibtex';
import { paperId } from '../../../../src/core/papers/ids';
import { ParsedPaper } from '../../../../src/core/papers/types';
import { scratchDir } from '../../../helpers/scratchDir';

const oneLine = (s: string) => s.replace(/\s+/g, ' ').trim();

function paper(abstract: string, extra: Partial<ParsedPaper> = {}): ParsedPaper {
  return { id: paperId(abstract), abstract, sources: [{ collection: 'test', line: 1 }], ...extra };
}


const TRICKY: ParsedPaper[] = [
  paper('We use 50% of {a, b} & c_1 # $\\alpha$ ^ ~ < > | \\ -- --- `` \'\' "q" é α 😀 \\textbf{x} and a lone {.', {
    sourceTitle: 'BERT and QuasarNet: GPT-4 {x} for $x^2$ -- Über',
    authors: ['Jane Doe', 'R & D and Co', 'Émile Zola'],
    year: '2020',
    url: 'https://example.org/a b{c}?q=1%202#frag',
    doi: '10.1234/ab{c}',
  }),
  paper('A second one with an unbalanced } brace and a backslash at the end \\', { sourceTitle: 'Plain title' }),
  paper('Third, untitled.'),
];

/** Short texts made mostly of the characters BibTeX and LaTeX treat specially. */
const SPECIAL_TEXT = fc.string({ unit: fc.constantFrom(...'aZ 09{}[]\\$%&#_^~<>|"\'`-.,;:@=()é ü α—😀\n\t'.split('')), minLength: 1, maxLength: 80 }).filter((s) => s.trim() !== '');

describe('toBibtex read by biber', () => {
  test('biber reads the export without errors or warnings', () => {
    const version = spawnSync('biber', ['--version'], { encoding: 'utf8' });
    // not a skip: without biber this check would silently stop guarding the export (npm test installs it)
    assert.equal(version.status, 0, `biber did not run (${version.error?.message ?? version.stderr}); install it: node test/vscode/setup.mjs --biber`);
    const dir = scratchDir('papers-biber');
    const random = fc.sample(fc.tuple(SPECIAL_TEXT, SPECIAL_TEXT, fc.array(SPECIAL_TEXT, { maxLength: 3 })), { seed: 3, numRuns: 200 });
    const titled = [...TRICKY, ...random.map(([a, t, names], i) => paper(`${oneLine(a)} ${i}`, { sourceTitle: t, authors: names.map(oneLine).filter((n) => n && !/^and$/i.test(n)) }))].map((p) => ({
      ...p,
      sourceTitle: p.sourceTitle ?? 'A title',
      year: p.year ?? '2024',
    }));
    writeFileSync(join(dir, 'export.bib'), toBibtex(titled, { keyOf: (p) => `k${titled.indexOf(p)}`, noteOf: () => 'A note with 100% {odd} \\ chars' }));
    // --tool reads the file as biblatex would, checks each entry against the data model and writes it back
    const run = spawnSync('biber', ['--tool', '--validate-datamodel', 'export.bib'], { cwd: dir, encoding: 'utf8' });
    const log = run.stdout + run.stderr;
    assert.equal(run.status, 0, log);
    assert.doesNotMatch(log, /ERROR|WARN/, log);
    const rewritten = readFileSync(join(dir, 'export_bibertool.bib'), 'utf8');
    assert.equal([...rewritten.matchAll(/^@MISC\{k\d+,/gm)].length, titled.length);
  });
});
