import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { toExportJson, toMarkdown } from '../../../../src/core/export/formats';
import { paperId } from '../../../../src/core/papers/ids';
import { ParsedPaper } from '../../../../src/core/papers/types';


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

describe('toExportJson and toMarkdown', () => {
  test('JSON and Markdown exports carry the same fields', () => {
    const options = { keyOf: () => 'k1', noteOf: () => 'my note', collectionsOf: () => ['refs'] };
    const [json] = toExportJson([TRICKY[0]], options);
    assert.deepEqual(Object.keys(json), ['key', 'id', 'title', 'authors', 'year', 'url', 'doi', 'abstract', 'collections', 'note']);
    assert.equal(json.note, 'my note');
    const md = toMarkdown([TRICKY[0], TRICKY[2]], { keyOf: (p) => p.id });
    assert.match(md, /^# Papers\n\n## BERT and QuasarNet: GPT-4 \{x\} for \$x\^2\$ -- Über\n\n`[0-9a-f]{12}`\n\nJane Doe, R & D and Co, Émile Zola · 2020\n/);
    assert.match(md, /\[doi:10\.1234\/ab\{c\}\]\(https:\/\/doi\.org\/10\.1234\/ab\{c\}\)/);
    assert.match(md, /## Untitled paper/);
  });
});
