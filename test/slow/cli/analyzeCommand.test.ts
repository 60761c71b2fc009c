import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { copyFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { scratchDir } from '../../helpers/scratchDir';
import { cli, FORMAT_FILES as FILES, papers, stderrLines } from '../../helpers/cli';
import { FORMAT_FIXTURES as fixtures } from '../../helpers/formatFixtures';
import { madeUpTwoLevelLibrary } from '../../helpers/madeUpCorpus';

describe('papers analyze', () => {
  test('papers analyze reads every format; the same paper from five files is one, under its real title', () => {
    const run = papers('analyze', ...FILES, '--json');
    const out = JSON.parse(run.stdout);
    assert.equal(out.papers.length, 7);
    const qn = out.papers.find((p: { abstract: string }) => p.abstract.startsWith('We propose QuasarNet'));
    assert.equal(qn.collections.length, 5);
    assert.equal(qn.title, 'QuasarNet: Classifying Quasar Spectra with Über-Fast Convolutions');
    assert.deepEqual([qn.authors, qn.year], [['Jane Doe', 'Hans Müller', 'Sloan Digital Sky Survey'], '2020']);
    assert.ok(out.papers.some((p: { title: string }) => p.title === 'Bees Count to Four'));
    // the book has no abstract: kept by its title, with its authors and year, in the two files that list it
    const book = out.papers.find((p: { abstract: string }) => p.abstract === '');
    assert.deepEqual(
      [book.title, book.authors, book.year, book.method, book.collections.length],
      ['A Book Without an Abstract', ['N. Nobody'], '2019', null, 2],
    );
    assert.deepEqual(Object.keys(book).slice(0, 5), ['id', 'title', 'authors', 'year', 'method']);
    // the two entries with neither a title nor an abstract: one line each, file:line: message, exit 1
    assert.equal(run.status, 1);
    assert.deepEqual(stderrLines(run.stderr), [
      `${join(fixtures, 'quasars.bib')}:29: entry "blank2018" has neither a title nor an abstract; skipped`,
      `${join(fixtures, 'quasars.json')}:29: item 4 (id "http://zotero.org/users/1/items/MNOP3456") has neither a title nor an abstract; skipped`,
    ]);
  });

  test("papers analyze --json gives a paper's date, DOI, arXiv id, categories and page when its file has them", () => {
    const dir = scratchDir('papers-page-fields');
    const day = join(dir, 'day.jsonl');
    const records = [
      {
        id: '2401.01234v2',
        abstract: 'We estimate $x^2$ from noisy samples.',
        categories: 'cs.LG stat.ML',
        date: '2024-01-02',
      },
      { title: 'Published', abstract: 'A journal paper about estimating squares.', doi: '10.1145/3368089.3409719' },
    ];
    writeFileSync(day, records.map((r) => JSON.stringify(r)).join('\n'));
    const out = JSON.parse(papers('analyze', day, '--json', '--related', '0').stdout);
    const by = (start: string) => out.papers.find((p: { abstract: string }) => p.abstract.startsWith(start));
    const arxiv = by('We estimate');
    assert.deepEqual(
      [arxiv.arxivId, arxiv.date, arxiv.categories, arxiv.page],
      ['2401.01234v2', '2024-01-02', ['cs.LG', 'stat.ML'], 'https://arxiv.org/abs/2401.01234v2'],
    );
    assert.deepEqual(
      [by('A journal').doi, by('A journal').page],
      ['10.1145/3368089.3409719', 'https://doi.org/10.1145/3368089.3409719'],
    );
  });

  test('a library of thousands: themes with their parent (null at the top), broad sizes counting their subthemes', () => {
    const dir = scratchDir('papers-two-levels');
    const library = join(dir, 'library.txt');
    writeFileSync(
      library,
      `Daily Papers\n\n${madeUpTwoLevelLibrary()
        .map((p) => p.text)
        .join('\n\n')}\n`,
    );
    const out = JSON.parse(papers('analyze', library, '--json').stdout) as {
      papers: { id: string; theme: string }[];
      themes: { id: string; label: string; parent: string | null; size: number }[];
    };
    const byId = new Map(out.themes.map((t) => [t.id, t]));
    const broad = out.themes.filter((t) => t.parent === null);
    const subthemes = out.themes.filter((t) => t.parent !== null);
    assert.ok(broad.length >= 8 && subthemes.length >= 2 * broad.length, `${broad.length} + ${subthemes.length}`);
    for (const t of subthemes) assert.equal(byId.get(t.parent!)?.parent, null, `${t.label}: under a broad theme`);
    for (const b of broad) {
      const under = subthemes.filter((t) => t.parent === b.id).reduce((n, t) => n + t.size, 0);
      const own = out.papers.filter((p) => p.theme === b.id).length;
      assert.equal(b.size, under + own, b.label);
    }
    assert.equal(
      broad.reduce((n, t) => n + t.size, 0),
      out.papers.length,
      'the broad themes hold every paper once',
    );
    const lines = papers('analyze', library).stdout.split('\n');
    assert.ok(lines[0].endsWith(`, ${broad.length} themes, ${subthemes.length} subthemes`), lines[0]);
    const sub = subthemes[0];
    assert.ok(lines.includes(`  ${sub.label} (${sub.size})`), `"${sub.label}" indented under its broad theme`);
    assert.ok(lines.includes(`${broad[0].label} (${broad[0].size})`), 'broad themes at the margin');
  });

  test('papers analyze tells formats by content when the extension says nothing or lies', () => {
    const dir = scratchDir('papers-formats');
    copyFileSync(join(fixtures, 'quasars.bib'), join(dir, 'refs.txt'));
    copyFileSync(join(fixtures, 'quasars.json'), join(dir, 'zotero-export'));
    copyFileSync(join(fixtures, 'quasars.xml'), join(dir, 'arxiv.json'));
    copyFileSync(join(fixtures, 'quasars.jsonl'), join(dir, 'papers.json'));
    const run = papers(
      'analyze',
      join(dir, 'refs.txt'),
      join(dir, 'zotero-export'),
      join(dir, 'arxiv.json'),
      join(dir, 'papers.json'),
      '--json',
    );
    const out = JSON.parse(run.stdout);
    assert.equal(out.papers.length, 6, 'QuasarNet, tides, glacier, halos, bees, the book');
    assert.equal(
      out.papers.find((p: { abstract: string }) => p.abstract.startsWith('We propose QuasarNet')).collections.length,
      4,
    );
  });

  test('bad input in every format: one line per problem naming file and line, exit 1, good entries load, no stack trace', () => {
    const dir = scratchDir('papers-bad');
    const write = (name: string, text: string | Buffer) => {
      writeFileSync(join(dir, name), text);
      return join(dir, name);
    };
    const files = [
      write(
        'refs.bib',
        '@misc{ok, abstract = {A fine BibTeX abstract.}}\n@misc{open, abstract = {unclosed\n@misc{ok2, abstract = {Another fine one.}}\n',
      ),
      write(
        'zotero.json',
        '[\n  {"id": "a", "abstract": "A fine CSL abstract."},\n  {"id": "b", "abstract": oops},\n  {"id": "c", "abstract": "Another CSL one."}\n]\n',
      ),
      write('papers.jsonl', '{"abstract": "A fine JSON Lines abstract."}\nnot json at all\n'),
      write(
        'query.xml',
        '<feed>\n<entry><id>1</id><summary>A fine Atom abstract.</summary></entry>\n<entry><id>2</id><summary>broken</summmary></entry>\n</feed>\n',
      ),
      write('empty.bib', ''),
      write('binary.json', Buffer.from([0x5b, 0x0a, 0x00, 0x01])),
      write('notes.md', '# not papers\n'),
    ];
    const run = papers('analyze', ...files, '--json');
    assert.equal(run.status, 1);
    assert.equal(JSON.parse(run.stdout).papers.length, 6);
    const lines = stderrLines(run.stderr);
    assert.deepEqual(
      lines.map((l) => l.slice(dir.length + 1).split(': ')[0]),
      ['refs.bib:2', 'zotero.json:3', 'papers.jsonl:2', 'query.xml:3', 'empty.bib', 'binary.json:2', 'notes.md:1'],
      run.stderr,
    );
    assert.doesNotMatch(run.stderr, /\n\s+at |internal error/, 'no stack trace');
  });

  test('papers analyze keeps every entry of a Zotero library, half of them without an abstract', () => {
    const files = ['zotero-library.bib', 'zotero-library.json'].map((f) => join(fixtures, f));
    const run = papers('analyze', ...files, '--json');
    assert.equal(run.status, 0, run.stderr);
    assert.equal(run.stderr, '');
    const out = JSON.parse(run.stdout);
    assert.equal(out.papers.length, 12);
    const titleOnly = out.papers.filter((p: { abstract: string }) => p.abstract === '');
    assert.equal(titleOnly.length, 6);
    for (const p of titleOnly) {
      assert.equal(p.collections.length, 2);
      assert.equal(p.method, null);
      assert.ok(p.authors.length > 0 && /^\d{4}$/.test(p.year) && p.keywords.length > 0, p.title);
    }
  });

  test('papers analyze --json prints the documented shape; no files means the bundled seeds', () => {
    const run = spawnSync(process.execPath, [cli, 'analyze', '--json'], { encoding: 'utf8' });
    assert.equal(run.status, 0, run.stderr);
    const out = JSON.parse(run.stdout);
    assert.equal(out.papers.length, 340);
    assert.deepEqual(Object.keys(out.papers[0]), [
      'id',
      'title',
      'method',
      'theme',
      'keywords',
      'collections',
      'abstract',
      'related',
    ]);
    assert.deepEqual(Object.keys(out.themes[0]), ['id', 'label', 'parent', 'size']);
    const ids = new Set(out.themes.map((t: { id: string }) => t.id));
    assert.ok(out.papers.every((p: { theme: string }) => ids.has(p.theme)));
    assert.equal(
      out.themes.reduce((n: number, t: { size: number }) => n + t.size, 0),
      340,
    );
  });

  test('papers analyze --json --related N lists N related papers per paper, 0 none (the field left out)', () => {
    const lists = (run: ReturnType<typeof papers>) =>
      JSON.parse(run.stdout).papers.map((p: { id: string; related?: string[] }) => [p.id, p.related]);
    const five = lists(papers('analyze', ...FILES, '--json'));
    const two = lists(papers('analyze', ...FILES, '--json', '--related', '2'));
    // the same ranking, cut at two
    assert.deepEqual(
      two,
      five.map(([id, related]: [string, string[]]) => [id, related.slice(0, 2)]),
    );
    assert.ok(five.some(([, related]: [string, string[]]) => related.length > 2));
    const none = papers('analyze', ...FILES, '--json', '--related', '0');
    assert.ok(JSON.parse(none.stdout).papers.every((p: object) => !('related' in p)));
    // the only stderr lines are the input's own problems: no note about related papers below the size limit
    assert.equal(stderrLines(none.stderr).length, 2);
  });

  test('papers analyze --related: a value that is not a count, or the option without --json, is a usage error', () => {
    for (const args of [
      ['--json', '--related', 'many'],
      ['--json', '--related=-1'],
      ['--related', '3'],
    ]) {
      const run = papers('analyze', ...FILES, ...args);
      assert.equal(run.status, 2, args.join(' '));
      assert.equal(run.stdout, '');
      assert.match(run.stderr, /^papers analyze: --related /, args.join(' '));
    }
  });

  test('bad input: one line per problem naming file and line, exit 1, the good file still loads, no stack trace', () => {
    const dir = scratchDir('papers-cli');
    const good = join(dir, 'good.txt');
    const noHeader = join(dir, 'notes.txt');
    const binary = join(dir, 'image.txt');
    writeFileSync(
      good,
      'Daily Papers\n\nWe propose QuasarNet, a network for quasar spectra.\nA study of soil microbes under drought.\n',
    );
    writeFileSync(noHeader, 'my shopping list\nmilk\n');
    writeFileSync(binary, Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0a, 0x00, 0x00]));
    const run = spawnSync(
      process.execPath,
      [cli, 'analyze', good, noHeader, binary, join(dir, 'missing.txt'), '--json'],
      { encoding: 'utf8' },
    );
    assert.equal(run.status, 1);
    assert.equal(JSON.parse(run.stdout).papers.length, 2);
    const lines = run.stderr.trim().split('\n');
    assert.equal(lines.length, 3, run.stderr);
    assert.match(lines[0], /notes\.txt:1: expected the header "Daily Papers"/);
    assert.match(lines[1], /image\.txt:2: .*binary/);
    assert.match(lines[2], /missing\.txt: cannot read the file/);
    assert.doesNotMatch(run.stderr, /\n\s+at /, 'no stack trace');
  });
});
