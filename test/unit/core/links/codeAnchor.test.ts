import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { anchorAt, reanchor, textAt } from '../../../../src/core/links/codeAnchor';
import { TextRange } from '../../../../src/core/links/codeAnchorTypes';
import { LineIndex } from '../../../../src/core/links/lineIndex';
import { createLink, followText, PaperLink } from '../../../../src/core/links/links';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from '../../../helpers/repoRoot';

const FILE = [
  'import os',
  '',
  'def load(path):',
  '    with open(path) as f:',
  '        return f.read()',
  '',
  'def save(path, text):',
  '    with open(path, "w") as f:',
  '        f.write(text)',
  '',
].join('\n');
const LOAD_BODY: TextRange = { startLine: 3, startCharacter: 4, endLine: 4, endCharacter: 23 };

const link = (text: string, range: TextRange) =>
  createLink({ paper: 'p', file: 'f.py', range, fileText: text, id: 'l1', created: new Date(0) });

describe('anchorAt', () => {
  test('keeps the linked text and up to three lines of context on each side', () => {
    const a = anchorAt(FILE, LOAD_BODY);
    assert.equal(a.text, 'with open(path) as f:\n        return f.read()');
    assert.equal(a.before, 'import os\n\ndef load(path):\n    ');
    assert.equal(a.after, '\n\ndef save(path, text):\n    with open(path, "w") as f:');
    assert.equal(a.copies, undefined);
  });

  test('counts copies of a text that occurs more than once', () => {
    assert.equal(anchorAt(FILE, { startLine: 3, startCharacter: 4, endLine: 3, endCharacter: 8 }).copies, 2);
  });

  test('refuses a range outside the file', () => {
    assert.throws(
      () => anchorAt(FILE, { startLine: 40, startCharacter: 0, endLine: 41, endCharacter: 0 }),
      /outside the text/,
    );
  });
});

describe('reanchor', () => {
  test('ok when the text is still at its range', () => {
    assert.deepEqual(reanchor(link(FILE, LOAD_BODY), FILE), { status: 'ok', range: LOAD_BODY, method: 'exact' });
  });

  test('moved with the lines inserted above', () => {
    const edited = `#!/usr/bin/env python\n"""Files."""\n${FILE}`;
    const r = reanchor(link(FILE, LOAD_BODY), edited);
    assert.equal(r.status, 'moved');
    assert.deepEqual(r.range, { ...LOAD_BODY, startLine: 5, endLine: 6 });
    assert.equal(textAt(edited, r.range!), 'with open(path) as f:\n        return f.read()');
  });

  test('CRLF files give the same positions as LF files', () => {
    const crlf = FILE.replace(/\n/g, '\r\n');
    assert.deepEqual(reanchor(link(FILE, LOAD_BODY), crlf), { status: 'ok', range: LOAD_BODY, method: 'exact' });
  });

  test('reindented and rewrapped text is found with whitespace ignored', () => {
    const edited = FILE.replace(
      '    with open(path) as f:\n        return f.read()',
      '  with open(path) as f:\n    return (\n      f.read()\n    )',
    ).replace('return (\n      f.read()\n    )', 'return f.read(\n    )');
    const r = reanchor(link(FILE, LOAD_BODY), edited);
    assert.equal(r.status, 'moved');
    assert.equal(r.method, 'whitespace');
    assert.equal(textAt(edited, r.range!), 'with open(path) as f:\n    return f.read(\n    )');
  });

  test('lightly edited text is found approximately', () => {
    const edited = FILE.replace(
      'with open(path) as f:\n        return f.read()',
      'with open(path) as fh:\n        return fh.read()',
    );
    const r = reanchor(link(FILE, LOAD_BODY), edited);
    assert.equal(r.status, 'moved');
    assert.equal(r.method, 'approximate');
    assert.equal(textAt(edited, r.range!), 'with open(path) as fh:\n        return fh.read()');
  });

  test('deleted text is stale, even when a similar copy remains', () => {
    const edited = FILE.replace('def load(path):\n    with open(path) as f:\n        return f.read()\n\n', '');
    assert.deepEqual(reanchor(link(FILE, LOAD_BODY), edited), { status: 'stale' });
  });

  test('a link to a text with a copy elsewhere follows its own copy by context', () => {
    const text = 'def a():\n    x = compute(1)\n    return x\n\ndef b():\n    x = compute(1)\n    return x * 2\n';
    const second: TextRange = { startLine: 5, startCharacter: 4, endLine: 5, endCharacter: 18 };
    const edited = `import math\n\n${text.replace('def b():', 'def b():\n    """Twice."""')}`;
    const r = reanchor(link(text, second), edited);
    assert.equal(r.status, 'moved');
    assert.equal(r.range!.startLine, 8);
  });

  test('an empty anchor text is stale rather than matching everywhere', () => {
    const l = link(FILE, { startLine: 1, startCharacter: 0, endLine: 1, endCharacter: 0 });
    assert.equal(reanchor(l, 'x\n' + FILE).status, 'stale');
  });
});

describe('LineIndex', () => {
  test('converts offsets and positions both ways and rejects positions past a line end', () => {
    const index = new LineIndex('ab\ncde\n');
    assert.equal(index.lineCount, 3);
    assert.deepEqual(index.positionAt(4), { line: 1, character: 1 });
    assert.equal(index.offsetAt(1, 3), 6);
    assert.equal(index.offsetAt(1, 4), undefined);
    assert.deepEqual(index.rangeOf(3, 6), { startLine: 1, startCharacter: 0, endLine: 1, endCharacter: 3 });
  });
});

/** Lines of code-like text; the linked one is specific, the others are noise that cannot contain it. */
const noiseLine = fc
  .tuple(
    fc.constantFrom('const', 'let', 'return', 'if', 'print', '#', '//', ''),
    fc.stringMatching(/^[a-z_]{1,8}$/),
    fc.constantFrom(' = 1;', '(x)', ' + y', ':', ' {', '}', ''),
  )
  .map(([a, b, c]) => `${a} ${b}${c}`.trimEnd());
const noise = fc.array(noiseLine, { minLength: 0, maxLength: 6 }).map((lines) => lines.join('\n'));

type Edit = { at: number; remove: number; insert: string };
const edit = fc.record({ at: fc.double({ min: 0, max: 1, noNaN: true }), remove: fc.nat({ max: 30 }), insert: noise });

describe('reanchor (properties)', () => {
  test('random insertions and deletions outside the linked text never lose it', () => {
    fc.assert(
      fc.property(
        fc.array(noiseLine, { minLength: 0, maxLength: 20 }),
        fc.array(noiseLine, { minLength: 0, maxLength: 20 }),
        fc.array(edit, { minLength: 1, maxLength: 8 }),
        (above, below, edits) => {
          const linked = 'weights = normalize(scores, temperature=0.7)';
          let text = [...above, `    ${linked}`, ...below].join('\n');
          let start = text.indexOf(linked);
          const index = new LineIndex(text);
          const original = link(text, index.rangeOf(start, start + linked.length));
          for (const e of edits as Edit[]) {
            // Edit before or after the linked text, never inside it.
            const beforeLink = e.at < 0.5;
            const at = beforeLink
              ? Math.floor(e.at * 2 * start)
              : start + linked.length + Math.floor((e.at - 0.5) * 2 * (text.length - start - linked.length));
            const remove = beforeLink ? Math.min(e.remove, start - at) : Math.min(e.remove, text.length - at);
            text = text.slice(0, at) + e.insert + text.slice(at + remove);
            if (beforeLink) start += e.insert.length - remove;
          }
          fc.pre(text.indexOf(linked) === start && text.indexOf(linked, start + 1) === -1);
          const r = reanchor(original, text);
          const expected = new LineIndex(text).rangeOf(start, start + linked.length);
          assert.notEqual(r.status, 'stale');
          assert.deepEqual(r.range, expected);
        },
      ),
      { numRuns: 400, seed: 31 },
    );
  });

  test('reindenting the whole file keeps every line-shaped link', () => {
    fc.assert(
      fc.property(
        fc.array(noiseLine, { minLength: 1, maxLength: 15 }),
        fc.nat({ max: 4 }),
        fc.constantFrom('  ', '\t', '    '),
        (lines, extra, indent) => {
          const linked = 'total_loss = loss_a + 0.5 * loss_b';
          const text = [...lines, linked, ...lines.slice(0, extra)].join('\n');
          const at = text.indexOf(linked);
          const original = link(text, new LineIndex(text).rangeOf(at, at + linked.length));
          const edited = text
            .split('\n')
            .map((l) => (l ? indent + l : l))
            .join('\n');
          const r = reanchor(original, edited);
          const now = edited.indexOf(linked);
          assert.notEqual(r.status, 'stale');
          assert.deepEqual(r.range, new LineIndex(edited).rangeOf(now, now + linked.length));
        },
      ),
      { numRuns: 200, seed: 32 },
    );
  });
});

describe('reanchor on recorded edit histories', () => {
  const DIR = join(repoRoot(), 'test', 'fixtures', 'edit-histories');
  const MARK = /⟪(\/?)([a-z0-9-]+)⟫/g;

  interface Version {
    name: string;
    text: string;
    marks: Map<string, TextRange>;
  }

  /** The text without marks, and the range of each marked name. */
  function parseMarked(marked: string, name: string): Version {
    let text = '';
    let last = 0;
    const opened = new Map<string, number>();
    const offsets = new Map<string, [number, number]>();
    for (const m of marked.matchAll(MARK)) {
      text += marked.slice(last, m.index);
      last = m.index! + m[0].length;
      if (m[1]) offsets.set(m[2], [opened.get(m[2])!, text.length]);
      else opened.set(m[2], text.length);
    }
    text += marked.slice(last);
    const index = new LineIndex(text);
    const marks = new Map([...offsets].map(([k, [s, e]]) => [k, index.rangeOf(s, e)]));
    return { name, text, marks };
  }

  function histories(): { name: string; versions: Version[] }[] {
    return readdirSync(DIR, { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => ({
        name: d.name,
        versions: readdirSync(join(DIR, d.name))
          .filter((f) => /^\d\d-/.test(f))
          .sort()
          .map((f) => parseMarked(readFileSync(join(DIR, d.name, f), 'utf8'), f)),
      }));
  }

  const same = (a: TextRange | undefined, b: TextRange) =>
    !!a &&
    a.startLine === b.startLine &&
    a.startCharacter === b.startCharacter &&
    a.endLine === b.endLine &&
    a.endCharacter === b.endCharacter;

  interface Tally {
    checks: number;
    recovered: number;
    lost: string[];
    missed: string[];
  }

  /**
   * Runs every history. `chained`: the link follows each version (as the editor and the watcher persist it);
   * otherwise every version is compared with the link made on the first one (a long `git pull`).
   */
  function run(chained: boolean): Tally {
    const tally: Tally = { checks: 0, recovered: 0, lost: [], missed: [] };
    for (const h of histories()) {
      const [first, ...later] = h.versions;
      for (const [name, range] of first.marks) {
        const original = createLink({
          paper: 'p',
          file: h.name,
          range,
          fileText: first.text,
          id: name,
          created: new Date(0),
        });
        let link: PaperLink = original;
        for (const v of later) {
          const expected = v.marks.get(name);
          const found = reanchor(chained ? link : original, v.text);
          const where = `${h.name}/${v.name} ⟪${name}⟫`;
          tally.checks++;
          if (!expected) {
            if (found.status === 'stale') tally.recovered++;
            else
              tally.lost.push(
                `${where}: the text was deleted but the link was ${found.status} to ${JSON.stringify(found.range)}`,
              );
          } else if (found.status !== 'stale' && same(found.range, expected)) {
            tally.recovered++;
          } else {
            tally.missed.push(
              `${where}: expected ${JSON.stringify(expected)}, got ${found.status} ${JSON.stringify(found.range ?? null)} (${found.method ?? '-'})`,
            );
          }
          if (chained) link = followText(link, v.text, found);
        }
      }
    }
    return tally;
  }

  test('edit histories: links follow their text through insertions, reformatting, moves, renames and edits', () => {
    const chained = run(true);
    const share = chained.recovered / chained.checks;
    console.log(
      `      edit-history corpus (link follows each version): ${chained.recovered}/${chained.checks} recovered correctly = ${(share * 100).toFixed(1)}%`,
    );
    for (const m of chained.missed) console.log(`        missed: ${m}`);
    const direct = run(false);
    console.log(
      `      edit-history corpus (every version against the first): ${direct.recovered}/${direct.checks} = ${((direct.recovered / direct.checks) * 100).toFixed(1)}%`,
    );
    for (const m of direct.missed) console.log(`        missed (direct): ${m}`);
    assert.deepEqual(chained.lost, [], 'no link is silently moved onto other text when its own text was deleted');
    assert.deepEqual(direct.lost, []);
    assert.ok(chained.checks >= 80, `the corpus has ${chained.checks} checks`);
    assert.ok(share >= 0.95, `recovered ${(share * 100).toFixed(1)}% (target 95%)`);
  });
});
