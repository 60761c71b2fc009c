/**
 * Re-anchoring against a corpus of realistic edit histories (test/fixtures/edit-histories/): each folder holds
 * the versions of one file, `00-…` first, with the linked text marked `⟪name⟫…⟪/name⟫`. A link is made on the
 * first version; for every later version the link must be found at the marked text, or be stale when the
 * marks are gone (the text was deleted). Prints the share recovered; a deleted text that is "found" somewhere
 * else would silently lose the link, so there must be none.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { reanchor } from '../../src/core/links/codeAnchor';
import { TextRange } from '../../src/core/links/codeAnchorTypes';
import { LineIndex } from '../../src/core/links/lineIndex';
import { createLink, followText, PaperLink } from '../../src/core/links/links';

const DIR = resolve(__dirname, '..', '..', '..', 'test', 'fixtures', 'edit-histories');
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
  !!a && a.startLine === b.startLine && a.startCharacter === b.startCharacter && a.endLine === b.endLine && a.endCharacter === b.endCharacter;

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
      const original = createLink({ paper: 'p', file: h.name, range, fileText: first.text, id: name, created: new Date(0) });
      let link: PaperLink = original;
      for (const v of later) {
        const expected = v.marks.get(name);
        const found = reanchor(chained ? link : original, v.text);
        const where = `${h.name}/${v.name} ⟪${name}⟫`;
        tally.checks++;
        if (!expected) {
          if (found.status === 'stale') tally.recovered++;
          else tally.lost.push(`${where}: the text was deleted but the link was ${found.status} to ${JSON.stringify(found.range)}`);
        } else if (found.status !== 'stale' && same(found.range, expected)) {
          tally.recovered++;
        } else {
          tally.missed.push(`${where}: expected ${JSON.stringify(expected)}, got ${found.status} ${JSON.stringify(found.range ?? null)} (${found.method ?? '-'})`);
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
  console.log(`      edit-history corpus (link follows each version): ${chained.recovered}/${chained.checks} recovered correctly = ${(share * 100).toFixed(1)}%`);
  for (const m of chained.missed) console.log(`        missed: ${m}`);
  const direct = run(false);
  console.log(`      edit-history corpus (every version against the first): ${direct.recovered}/${direct.checks} = ${((direct.recovered / direct.checks) * 100).toFixed(1)}%`);
  for (const m of direct.missed) console.log(`        missed (direct): ${m}`);
  assert.deepEqual(chained.lost, [], 'no link is silently moved onto other text when its own text was deleted');
  assert.deepEqual(direct.lost, []);
  assert.ok(chained.checks >= 80, `the corpus has ${chained.checks} checks`);
  assert.ok(share >= 0.95, `recovered ${(share * 100).toFixed(1)}% (target 95%)`);
});
