import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { deriveTitle, TitleResult } from '../../../../src/core/titles';
import { parseDailyPapers } from '../../../../src/core/collections/formats/dailyPapers';
import { paperText } from '../../../../src/core/papers';
import { repoRoot } from '../../../helpers/repoRoot';

const root = repoRoot();

interface Labelled {
  method: string | null;
  /** Other spellings that count as the same name (e.g. the expansion of an acronym). */
  also?: string[];
}

function seedPapers(): { id: string; abstract: string }[] {
  const dir = join(root, 'seeds');
  const seen = new Set<string>();
  const out: { id: string; abstract: string }[] = [];
  for (const f of readdirSync(dir).sort()) {
    if (!f.endsWith('.txt')) continue;
    for (const p of parseDailyPapers(readFileSync(join(dir, f), 'utf8'), f).papers) {
      if (seen.has(p.id)) continue;
      seen.add(p.id);
      // the text the analysis reads: LaTeX decoded
      out.push({ id: p.id, abstract: paperText(p) });
    }
  }
  return out;
}

const fixture = <T>(name: string): T => JSON.parse(readFileSync(join(root, 'test', 'fixtures', name), 'utf8')) as T;

interface Metrics {
  named: number;
  namedHit: number;
  none: number;
  noneHit: number;
  misses: string[];
}

function measure(items: { abstract: string; label: Labelled }[]): Metrics {
  const m: Metrics = { named: 0, namedHit: 0, none: 0, noneHit: 0, misses: [] };
  for (const { abstract, label } of items) {
    const r = deriveTitle(abstract);
    if (label.method) {
      m.named++;
      const names = [label.method, ...(label.also ?? [])].map((n) => n.toLowerCase());
      if (names.some((n) => r.title.toLowerCase().includes(n))) m.namedHit++;
      else m.misses.push(`expected ${label.method}: "${r.title}"`);
    } else {
      m.none++;
      if (r.method === null) m.noneHit++;
      else m.misses.push(`expected no name: "${r.title}"`);
    }
  }
  return m;
}

const pct = (a: number, b: number): string => `${((100 * a) / Math.max(b, 1)).toFixed(1)}%`;

// ---------------------------------------------------------------------------------------------
// Behaviour of specific rules, on made-up abstracts
// ---------------------------------------------------------------------------------------------

describe('deriveTitle on the seeds and the labelled fixtures', () => {
  test('metrics on the labelled seeds and on out-of-domain abstracts meet the targets', () => {
    const labels = fixture<({ id: string } & Labelled)[]>('method-names.json');
    const byId = new Map(seedPapers().map((p) => [p.id, p.abstract]));
    const seeds = labels.map((l) => {
      const abstract = byId.get(l.id);
      assert.ok(abstract, `fixture id ${l.id} is not a seed paper`);
      return { abstract, label: l };
    });
    assert.ok(seeds.length >= 150);
    const synthetic = fixture<({ abstract: string } & Labelled)[]>('method-names-synthetic.json').map((s) => ({
      abstract: s.abstract,
      label: s,
    }));
    assert.ok(synthetic.length >= 30);

    const a = measure(seeds);
    const b = measure(synthetic);
    console.log(
      `seeds (${seeds.length}): name in title ${a.namedHit}/${a.named} = ${pct(a.namedHit, a.named)}; no invented name ${a.noneHit}/${a.none} = ${pct(a.noneHit, a.none)}`,
    );
    console.log(
      `synthetic (${synthetic.length}): name in title ${b.namedHit}/${b.named} = ${pct(b.namedHit, b.named)}; no invented name ${b.noneHit}/${b.none} = ${pct(b.noneHit, b.none)}`,
    );
    if (a.misses.length + b.misses.length > 0) console.log(`misses:\n  ${[...a.misses, ...b.misses].join('\n  ')}`);
    for (const [name, m] of [
      ['seeds', a],
      ['synthetic', b],
    ] as const) {
      assert.ok(m.namedHit / m.named >= 0.9, `${name}: name in title ${pct(m.namedHit, m.named)} < 90%`);
      assert.ok(m.noneHit / m.none >= 0.85, `${name}: no invented name ${pct(m.noneHit, m.none)} < 85%`);
    }
  });

  // ---------------------------------------------------------------------------------------------
  // Form of every title
  // ---------------------------------------------------------------------------------------------

  const DANGLING =
    /\b(a|an|the|of|for|in|on|at|to|by|with|via|from|and|or|but|that|which|into|over|under|using|as|than|its|their|our)$/i;

  function firstSentence(abstract: string): string {
    const m = /^(.+?[.!?])(\s+[A-Z(]|\s*$)/.exec(abstract);
    return (m ? m[1] : abstract).trim();
  }

  const norm = (s: string): string =>
    s
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s-]/gu, ' ')
      .replace(/\s+/g, ' ')
      .trim();

  function checkForm(abstract: string, r: TitleResult): string[] {
    const problems: string[] = [];
    if (r.title.length > 80) problems.push(`too long (${r.title.length})`);
    if (r.title.trim() !== r.title || r.title.length === 0) problems.push('empty or padded');
    if (DANGLING.test(r.title) || DANGLING.test(r.descriptor)) problems.push('ends with a dangling word');
    if (/[,;:.\-–—(]$/.test(r.title)) problems.push('ends with punctuation');
    if (r.method && !r.title.startsWith(`${r.method}: `) && r.title !== r.method) problems.push('method not in front');
    if (!r.method && !/^[A-Z0-9]|^[a-z]+[A-Z]/.test(r.title)) problems.push('not capitalized');
    const words = r.descriptor.split(' ').filter(Boolean).length;
    if (words > 10) problems.push(`descriptor has ${words} words`);
    const desc = norm(r.descriptor);
    const opening = norm(firstSentence(abstract));
    if (desc.split(' ').length >= 3 && opening.startsWith(desc))
      problems.push('descriptor is the truncated first sentence');
    if (norm(r.title) === norm(firstSentence(abstract).slice(0, r.title.length)))
      problems.push('title is the truncated first sentence');
    return problems;
  }

  test('no title ends with a dangling word, exceeds 80 characters or is a truncated first sentence', () => {
    const abstracts = [
      ...seedPapers().map((p) => p.abstract),
      ...fixture<{ abstract: string }[]>('method-names-synthetic.json').map((s) => s.abstract),
    ];
    const bad: string[] = [];
    for (const a of abstracts) {
      const r = deriveTitle(a);
      const problems = checkForm(a, r);
      if (problems.length > 0) bad.push(`${problems.join(', ')}: "${r.title}"`);
    }
    assert.deepEqual(bad, []);
  });
});
