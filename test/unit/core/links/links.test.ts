import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { reanchor } from '../../../../src/core/links/codeAnchor';
import { TextRange } from '../../../../src/core/links/codeAnchorTypes';
import {
  createLink,
  followText,
  linkableRange,
  lineRange,
  linksFilePath,
  paperIdOfLinksFile,
  parseLinks,
  serializeLinks,
  shiftRange,
} from '../../../../src/core/links/links';
import { LoadProblem, PapersInputError } from '../../../../src/core/common/errors';

const TEXT = 'alpha\nbeta gamma\ndelta\n';
const r = (startLine: number, startCharacter: number, endLine: number, endCharacter: number): TextRange => ({
  startLine,
  startCharacter,
  endLine,
  endCharacter,
});
const make = (range: TextRange, extra: { id?: string; file?: string; note?: string } = {}) =>
  createLink({
    paper: 'abc123def456',
    file: extra.file ?? 'src/a.py',
    range,
    fileText: TEXT,
    id: extra.id ?? 'aaaaaaaaaaaa',
    note: extra.note,
    created: new Date(Date.UTC(2025, 0, 2)),
  });

describe('createLink', () => {
  test('takes the anchor from the text, normalizes the path and trims the note', () => {
    const link = createLink({
      paper: 'p1',
      file: '.\\src\\a.py',
      range: r(1, 5, 1, 10),
      fileText: TEXT,
      note: '  why  ',
      created: new Date(0),
    });
    assert.equal(link.file, 'src/a.py');
    assert.equal(link.anchor.text, 'gamma');
    assert.equal(link.anchor.before, 'alpha\nbeta ');
    assert.equal(link.note, 'why');
    assert.match(link.id, /^[0-9a-f]{12}$/);
    assert.equal(link.created, '1970-01-01T00:00:00.000Z');
    assert.equal(make(r(0, 0, 0, 5), { note: '   ' }).note, undefined);
  });
});

describe('serializeLinks / parseLinks', () => {
  test('sorted by file and position, keys in a fixed order, two-space JSON, unknown fields kept', () => {
    const b = { ...make(r(2, 0, 2, 5), { id: 'bbbbbbbbbbbb' }), zeta: 1 };
    const a = make(r(0, 0, 0, 5), { note: 'first' });
    const c = make(r(0, 0, 0, 5), { id: 'cccccccccccc', file: 'README.md' });
    const text = serializeLinks([b, a, c]);
    const parsed = parseLinks(text, 'x.json');
    assert.deepEqual(
      parsed.map((l) => l.id),
      ['cccccccccccc', 'aaaaaaaaaaaa', 'bbbbbbbbbbbb'],
    );
    assert.deepEqual(Object.keys(JSON.parse(text)[1]), ['id', 'paper', 'file', 'range', 'anchor', 'note', 'created']);
    assert.deepEqual(Object.keys(JSON.parse(text)[2]), ['id', 'paper', 'file', 'range', 'anchor', 'created', 'zeta']);
    assert.ok(text.startsWith('[\n  {\n    "id": "cccccccccccc",\n'));
    assert.ok(text.endsWith('}\n]\n'));
    assert.equal(serializeLinks(parsed), text, 'a round trip changes nothing');
  });

  test('a broken file is an error naming the file and the line', () => {
    const bad = (text: string, line: number, message: RegExp) =>
      assert.throws(
        () => parseLinks(text, '.papers/links/p.json'),
        (err: unknown) => {
          assert.ok(err instanceof PapersInputError);
          assert.equal(err.line, line);
          assert.match(err.message, message);
          assert.match(err.message, /^\.papers\/links\/p\.json:\d+: /);
          return true;
        },
      );
    bad('[\n  {\n    "id": "x",\n    oops\n  }\n]', 4, /not valid JSON/);
    bad('{"id": 1}', 1, /JSON list/);
    const good = JSON.parse(serializeLinks([make(r(0, 0, 0, 5))]))[0];
    const broken = JSON.stringify([good, { ...good, range: { startLine: -1 } }], null, 2);
    bad(broken, broken.split('\n').findIndex((l, i) => i > 1 && l === '  {') + 1, /"range"/);
  });

  test('link file names carry the paper id', () => {
    assert.equal(linksFilePath('abc123def456'), '.papers/links/abc123def456.json');
    assert.equal(paperIdOfLinksFile('.papers/links/abc123def456.json'), 'abc123def456');
    assert.equal(paperIdOfLinksFile('notes.json'), undefined);
    assert.equal(paperIdOfLinksFile('.papers/links/abc123.json'), undefined, 'not the form Papers writes');
  });

  const hostile = (change: Record<string, unknown>) => {
    const good = JSON.parse(serializeLinks([make(r(0, 0, 0, 5))]))[0];
    const other = { ...good, id: 'bbbbbbbbbbbb' };
    return JSON.stringify([other, { ...good, ...change }], null, 2);
  };
  const FILE = '.papers/links/abc123def456.json';

  test('a link whose paper is not a paper id is reported at its line and left out, never used as a path', () => {
    const text = hostile({ paper: '../../../victim/settings' });
    const refused: LoadProblem[] = [];
    const links = parseLinks(text, FILE, refused);
    assert.deepEqual(
      links.map((l) => l.id),
      ['bbbbbbbbbbbb'],
    );
    assert.equal(refused.length, 1);
    assert.equal(refused[0].file, FILE);
    assert.equal(refused[0].line, text.split('\n').lastIndexOf('  {') + 1);
    assert.match(refused[0].message, /link 2: "paper" "\.\.\/\.\.\/\.\.\/victim\/settings" is not a paper id/);
    // without a place to report it, the file is refused as a whole (the CLI reports it as a broken file)
    assert.throws(
      () => parseLinks(text, FILE),
      (err: unknown) => err instanceof PapersInputError && err.line === refused[0].line,
    );
  });

  test("a link to a file outside the workspace is refused: '..', absolute paths, URIs, home", () => {
    for (const file of [
      '../secret/id_rsa',
      'src/../../x',
      '/etc/passwd',
      'C:/Windows/win.ini',
      'file:///etc/passwd',
      '~/.ssh/id_rsa',
    ]) {
      const refused: LoadProblem[] = [];
      assert.equal(parseLinks(hostile({ file }), FILE, refused).length, 1, file);
      assert.match(refused[0].message, /"file" .* is refused/, file);
    }
  });

  test("a link of another paper's file, or with an id that is no plain name, is refused", () => {
    const refused: LoadProblem[] = [];
    parseLinks(hostile({ paper: '0123456789ab' }), FILE, refused);
    parseLinks(hostile({ id: '../x' }), FILE, refused);
    assert.deepEqual(
      refused.map((p) => /^link 2: "(\w+)"/.exec(p.message)?.[1]),
      ['paper', 'id'],
    );
  });
});

describe('linkableRange / lineRange', () => {
  test('an empty selection links its line; a selection ending at a line start ends on the line before', () => {
    assert.deepEqual(linkableRange(TEXT, r(1, 3, 1, 3)), r(1, 0, 1, 10));
    assert.deepEqual(linkableRange(TEXT, r(0, 0, 2, 0)), r(0, 0, 1, 10));
    assert.deepEqual(linkableRange(TEXT, r(0, 1, 0, 3)), r(0, 1, 0, 3));
  });

  test('full lines, 0-based inclusive; undefined outside the file', () => {
    assert.deepEqual(lineRange(TEXT, 0, 1), r(0, 0, 1, 10));
    assert.equal(lineRange(TEXT, 2, 9), undefined);
  });
});

describe('followText', () => {
  test('a found link takes the new range and a fresh anchor; an unchanged one is the same object; a stale one is kept', () => {
    const link = make(r(1, 5, 1, 10));
    assert.equal(followText(link, TEXT, reanchor(link, TEXT)), link);
    const moved = `new\n${TEXT}`;
    const followed = followText(link, moved, reanchor(link, moved));
    assert.deepEqual(followed.range, r(2, 5, 2, 10));
    assert.equal(followed.anchor.before, 'new\nalpha\nbeta ');
    assert.equal(followed.id, link.id);
    assert.equal(followText(link, 'nothing here', { status: 'stale' }), link);
  });
});

describe('shiftRange', () => {
  const range = r(2, 4, 3, 6);
  const at = (startLine: number, startCharacter: number, endLine: number, endCharacter: number, text: string) =>
    shiftRange(range, { range: r(startLine, startCharacter, endLine, endCharacter), text });

  test('lines inserted or deleted above move it', () => {
    assert.deepEqual(at(0, 0, 0, 0, 'x\ny\n').range, r(4, 4, 5, 6));
    assert.deepEqual(at(0, 0, 1, 0, '').range, r(1, 4, 2, 6));
  });

  test('text inserted before it on its first line moves its start character only', () => {
    assert.deepEqual(at(2, 1, 2, 1, 'abc').range, r(2, 7, 3, 6));
  });

  test('text typed at its start goes before it, at its end after it, inside it grows it', () => {
    assert.deepEqual(at(2, 4, 2, 4, 'ab').range, r(2, 6, 3, 6));
    assert.deepEqual(at(3, 6, 3, 6, 'ab').range, r(2, 4, 3, 6));
    assert.deepEqual(at(3, 2, 3, 2, 'ab\n').range, r(2, 4, 4, 4));
    assert.deepEqual(at(5, 0, 5, 0, 'later').range, range);
  });

  test('an edit over one of its edges keeps the part that survives', () => {
    assert.deepEqual(at(2, 0, 2, 6, 'Z').range, r(2, 1, 3, 6));
    assert.deepEqual(at(3, 2, 4, 0, '').range, r(2, 4, 3, 2));
  });

  test('replacing all of its text is reported, so the caller re-anchors from the content', () => {
    const out = at(0, 0, 9, 0, 'whole new file');
    assert.equal(out.replaced, true);
    assert.equal(at(2, 5, 2, 6, 'x').replaced, false);
  });
});
