import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import {
  notesFileName,
  notesFolderSetting,
  readFrontMatter,
  readFrontMatterKey,
  renderNotesTemplate,
} from '../../../../src/core/notes/template';
import { notesFileIdPart } from '../../../../src/core/export/notes';
import { idPartOfKey, paperKey, resolvePaperKey } from '../../../../src/core/papers/paperKey';
import { Paper } from '../../../../src/core/papers/types';

function paper(overrides: Partial<Paper> = {}): Paper {
  return {
    id: '6755e5c1a2b3',
    abstract: 'We introduce EnvFactory, a system that builds environments.',
    sources: [{ collection: 'daily', line: 3 }],
    title: 'EnvFactory: building environments',
    method: 'EnvFactory',
    keywords: ['environments'],
    theme: 't-agents',
    collections: ['daily'],
    ...overrides,
  };
}

/** Every property a notes file name must have wherever it is written. */
function assertSafeName(name: string, p: Paper): void {
  assert.match(name, /\.md$/);
  const stem = name.slice(0, -3);
  assert.ok(stem.length > 0 && name.length <= 100, `length of ${JSON.stringify(name)}`);
  assert.doesNotMatch(name, /[/\\:*?"<>|]/, 'no separator or Windows-forbidden character');
  assert.doesNotMatch(name, /[\u0000-\u001f\u007f]/, 'no control character');
  assert.doesNotMatch(name, /\.\./, 'no ..');
  assert.doesNotMatch(name, /^[.-]/, 'not hidden, not an option');
  assert.doesNotMatch(stem.split('.')[0], /^(con|prn|aux|nul|com\d|lpt\d)$/i, 'no reserved Windows name');
  assert.match(name, /^[A-Za-z0-9._-]+$/);
  assert.equal(resolvePaperKey(stem, [p, paper({ id: 'ffffffffffff' })]), p, `${name} resolves to its paper`);
}

describe('notesFileName', () => {
  test('is the paper key plus .md', () => {
    const p = paper();
    assert.equal(notesFileName(p, paperKey(p)), `${paperKey(p)}.md`);
    assert.equal(notesFileName(p), 'envfactory-6755e5c.md');
  });

  const hostileTitles = [
    '../../etc/passwd',
    '..\\..\\Windows\\System32',
    '<script>alert(1)</script>',
    'CON',
    'nul.txt',
    'x'.repeat(500),
    'Ünïcødé résumé 🚀🤖 émoji',
    '🚀🤖',
    '?!.../// ---',
    '',
    'a\u0000b\u001fc\u202ed',
  ];
  for (const title of hostileTitles) {
    test(`a title like ${JSON.stringify(title.slice(0, 30))} gives a safe name`, () => {
      const p = paper({ title, method: null });
      assertSafeName(notesFileName(p, paperKey(p)), p);
      const asMethod = paper({ method: title });
      assertSafeName(notesFileName(asMethod, paperKey(asMethod)), asMethod);
    });
  }

  const hostileKeys = [
    '../../etc/passwd',
    '..',
    '.',
    '/',
    'C:\\x',
    'CON',
    'com1.md',
    'lpt9',
    '.hidden',
    'a\nb',
    'k'.repeat(400),
    '',
  ];
  for (const key of hostileKeys) {
    test(`a key like ${JSON.stringify(key.slice(0, 30))} gives a safe name`, () => {
      assertSafeName(notesFileName(paper(), key), paper());
    });
  }

  test('a long key keeps its id part at the end', () => {
    const name = notesFileName(paper(), `${'word-'.repeat(100)}6755e5c`);
    assert.ok(name.length <= 100);
    assert.match(name, /-6755e5c\.md$/);
    assert.equal(idPartOfKey(name.slice(0, -3)), '6755e5c');
  });

  test('keeps readable accented titles readable', () => {
    const p = paper({ title: 'Résumé generation', method: null });
    assert.equal(notesFileName(p), 'resume-generation-6755e5c.md');
  });
});

describe('renderNotesTemplate', () => {
  test('has front matter, the title, the quoted abstract and an empty Notes section', () => {
    const p = paper({ abstract: 'First line.\n\nSecond line.' });
    const text = renderNotesTemplate(p, { key: 'envfactory-6755e5c', themeLabel: 'Agents' });
    assert.ok(text.startsWith('---\n'));
    assert.match(
      text,
      /\n---\n\n# EnvFactory: building environments\n\n> First line\.\n>\n> Second line\.\n\n## Notes\n\n\n$/,
    );
    assert.deepEqual(readFrontMatter(text), {
      paper: 'envfactory-6755e5c',
      id: '6755e5c1a2b3',
      title: 'EnvFactory: building environments',
      theme: 'Agents',
      collections: ['daily'],
    });
  });

  test('a paper with a page links to it under the title; one whose URL is not http(s) gets no link', () => {
    const arxiv = renderNotesTemplate(paper({ sourceKey: '2401.01234v2' }), { key: 'k' });
    assert.match(
      arxiv,
      /\n# EnvFactory: building environments\n\n\[arXiv:2401\.01234v2\]\(<https:\/\/arxiv\.org\/abs\/2401\.01234v2>\)\n\n> We introduce/,
    );
    const odd = renderNotesTemplate(paper({ url: 'https://example.org/a)[x]' }), { key: 'k' });
    assert.match(odd, /\n\[https:\/\/example\.org\/a\)\\\[x\\\]\]\(<https:\/\/example\.org\/a\)\[x\]>\)\n/);
    assert.doesNotMatch(renderNotesTemplate(paper({ url: 'javascript:alert(1)' })), /\]\(/);
  });

  test("a title with math is written with it for the preview's KaTeX; the front matter keeps the plain title", () => {
    const title = 'Regret: O(H²√T) for <b> # "BERT"';
    const p = paper({ title, sourceTitle: title, sourceTitleMath: 'Regret: $O(H^2\\sqrt{T})$ for <b> # "BERT"' });
    const text = renderNotesTemplate(p, { key: 'regret-6755e5c' });
    assert.match(text, /\n# Regret: \$O\(H\^2\\sqrt\{T\}\)\$ for \\<b> # "BERT"\n/);
    assert.equal(readFrontMatter(text)?.title, title);
    assert.equal(readFrontMatterKey(text), 'regret-6755e5c');
    assert.equal(notesFileIdPart('renamed.md', text), '6755e5c');
  });

  test('math the preview cannot open (glued to a word) is decoded text; dollars of the text are escaped', () => {
    const title = 'Echo-E³Net: λ-tuning';
    const glued = paper({ title, sourceTitle: title, sourceTitleMath: 'Echo-E$^3$Net: $\\lambda$-tuning' });
    assert.match(renderNotesTemplate(glued), /\n# Echo-E³Net: \$\\lambda\$-tuning\n/);
    const priced = 'k-means at 5$ a run';
    const p = paper({ title: priced, sourceTitle: priced, sourceTitleMath: '$k$-means at 5$ a run' });
    assert.match(renderNotesTemplate(p), /\n# \$k\$-means at 5\\\$ a run\n/);
  });

  test('a derived title has no math, and a list-like start is escaped with math in the title too', () => {
    const derived = paper({ sourceTitle: 'O(n) kites', sourceTitleMath: '$O(n)$ kites' });
    assert.match(renderNotesTemplate(derived), /\n# EnvFactory: building environments\n/);
    const listy = paper({ title: '1. x kites', sourceTitle: '1. x kites', sourceTitleMath: '1. $x$ kites' });
    assert.match(renderNotesTemplate(listy), /\n# 1\\\. \$x\$ kites\n/);
  });

  test('defaults the key to paperKey and the theme to its id', () => {
    const fm = readFrontMatter(renderNotesTemplate(paper()));
    assert.equal(fm?.paper, 'envfactory-6755e5c');
    assert.equal(fm?.theme, 't-agents');
  });

  const trickyTitles = [
    '---',
    'key: value',
    '# not a comment',
    'it\'s "quoted"',
    'yes',
    'null',
    '123',
    '1e5',
    '- list',
    '{ flow: map }',
    '*alias',
    '&anchor x',
    '!!binary x',
    '%YAML',
    'line one\nline two',
    '...',
    '<script>alert(1)</script>',
    '🚀 emoji',
    'x'.repeat(500),
  ];
  for (const title of trickyTitles) {
    test(`front matter round-trips a title like ${JSON.stringify(title.slice(0, 30))}`, () => {
      const p = paper({ title, theme: title, collections: [title, 'b'] });
      const text = renderNotesTemplate(p, { key: 'k-6755e5c', themeLabel: title });
      const fm = readFrontMatter(text);
      assert.equal(fm?.title, title.trim());
      assert.equal(fm?.theme, title.trim());
      assert.equal(fm?.id, p.id);
      assert.deepEqual(fm?.collections, [title, 'b']);
      assert.equal(readFrontMatterKey(text), 'k-6755e5c');
    });
  }

  test('ids that look like numbers stay strings', () => {
    for (const id of ['123456789012', '1234567e1234', '000000000001']) {
      const text = renderNotesTemplate(paper({ id }), { key: `k-${id.slice(0, 7)}` });
      assert.equal(readFrontMatter(text)?.id, id);
    }
    assert.equal(readFrontMatter('---\nid: 1234567e1234\n---\n')?.id, '1234567e1234');
  });

  test('markup in titles and abstracts is shown as text in Markdown', () => {
    const p = paper({
      title: '<script>alert(1)</script>',
      abstract: '<img src=x onerror=alert(1)> and 1 < 2\n# heading\n- item\n1. one',
    });
    const body = renderNotesTemplate(p).split('\n---\n')[1];
    assert.doesNotMatch(body, /(^|[^\\])<(script|img)/);
    assert.match(body, /^# \\<script>alert\(1\)\\<\/script>$/m);
    assert.match(body, /^> \\<img src=x onerror=alert\(1\)> and 1 < 2$/m);
    assert.match(body, /^> \\# heading$/m);
    assert.match(body, /^> \\- item$/m);
    assert.match(body, /^> 1\\\. one$/m);
  });

  test('a multi-line title becomes one heading line', () => {
    const text = renderNotesTemplate(paper({ title: 'A\nB  C' }));
    assert.match(text, /^# A B C$/m);
  });

  test('a paper known only by its title: its authors and year under the title, no empty quote', () => {
    const book = paper({
      id: 'a1b2c3d4e5f60718',
      abstract: '',
      title: 'Atlas of Made-up Moths',
      method: null,
      authors: ['Mo Wing', 'Lu Night'],
      year: '2004',
    });
    const text = renderNotesTemplate(book, { key: 'atlas-of-made-up-moths-a1b2c3d' });
    assert.ok(text.endsWith('\n# Atlas of Made-up Moths\n\nMo Wing, Lu Night · 2004\n\n## Notes\n\n\n'), text);
    assert.ok(
      renderNotesTemplate({ ...book, authors: undefined, year: undefined }).endsWith(
        '\n# Atlas of Made-up Moths\n\n## Notes\n\n\n',
      ),
    );
  });
});

describe('readFrontMatter and readFrontMatterKey', () => {
  test('read the key, falling back to the id', () => {
    assert.equal(
      readFrontMatterKey('---\npaper: envfactory-6755e5c\nid: 6755e5c1a2b3\n---\n# x'),
      'envfactory-6755e5c',
    );
    assert.equal(readFrontMatterKey('---\nid: 6755e5c1a2b3\n---\n'), '6755e5c1a2b3');
  });

  test('tolerate CRLF, a BOM and a closing ...', () => {
    assert.equal(readFrontMatterKey('\uFEFF---\r\npaper: a-1234567\r\n---\r\nbody'), 'a-1234567');
    assert.equal(readFrontMatterKey('---\npaper: a-1234567\n...\nbody'), 'a-1234567');
  });

  const broken = [
    '',
    'no front matter',
    '# title\n---\npaper: x\n---\n',
    '---\npaper: x\n',
    '---\npaper: [unclosed\n---\n',
    '---\n: : :\n\t- bad\n---\n',
    '---\n- a list\n- not a map\n---\n',
    '---\njust a string\n---\n',
    '---\npaper: a\npaper: b\n---\n',
    '---\na: &a [*a]\n---\n',
    `---\n${'a: &a [x]\n'}${Array.from({ length: 12 }, (_, i) => `b${i}: &b${i} [${'*' + (i ? `b${i - 1}` : 'a')}, ${'*' + (i ? `b${i - 1}` : 'a')}]`).join('\n')}\n---\n`,
    '---\npaper: \n---\n',
    '---\npaper:\n  nested: map\n---\n',
    '---\n\u0000\u0001\n---\n',
  ];
  for (const text of broken) {
    test(`never throw on ${JSON.stringify(text.slice(0, 30))}`, () => {
      assert.doesNotThrow(() => readFrontMatter(text));
      const key = readFrontMatterKey(text);
      assert.ok(key === undefined || typeof key === 'string');
    });
  }

  test('give undefined without front matter or for broken YAML', () => {
    assert.equal(readFrontMatter('no front matter'), undefined);
    assert.equal(readFrontMatter('---\npaper: [unclosed\n---\n'), undefined);
    assert.equal(readFrontMatter('---\n- a list\n---\n'), undefined);
    assert.equal(readFrontMatterKey('---\npaper:\n  nested: map\n---\n'), undefined);
  });
});

describe('notesFolderSetting', () => {
  test('keeps relative folders, normalized to / separators', () => {
    assert.deepEqual(notesFolderSetting('notes'), { folder: 'notes' });
    assert.deepEqual(notesFolderSetting(' docs/papers/ '), { folder: 'docs/papers' });
    assert.deepEqual(notesFolderSetting('./docs\\notes'), { folder: 'docs/notes' });
    assert.deepEqual(notesFolderSetting('.notes'), { folder: '.notes' });
    assert.deepEqual(notesFolderSetting('my notes'), { folder: 'my notes' });
  });

  test('defaults an unset value silently', () => {
    assert.deepEqual(notesFolderSetting(undefined), { folder: 'notes' });
    assert.deepEqual(notesFolderSetting(''), { folder: 'notes' });
  });

  for (const raw of [
    '/etc',
    '\\\\server\\share',
    'C:\\notes',
    'c:notes',
    'file:///tmp',
    '~/notes',
    '..',
    '../notes',
    'a/../../b',
    'a/ .. /b',
    '.',
    './',
    'a\u0000b',
    'trailing./x',
    42,
  ]) {
    test(`refuses ${JSON.stringify(raw)} with a reason and falls back to notes`, () => {
      const r = notesFolderSetting(raw);
      assert.equal(r.folder, 'notes');
      assert.ok(r.problem && r.problem.length > 5);
    });
  }
});
