import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { deriveTitle, TitleResult } from '../../../../src/core/titles';
import { parseDailyPapers } from '../../../../src/core/collections/formats/dailyPapers';
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
      out.push({ id: p.id, abstract: p.abstract });
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

test('"we propose X, a ..." names X and describes it with the appositive', () => {
  const r = deriveTitle(
    'Reranking retrieved passages is slow for long documents. We propose SwiftRank, a lightweight reranker for long-document retrieval. SwiftRank scores passages with a shallow cross-encoder. Experiments on three benchmarks show that SwiftRank is four times faster than prior rerankers.',
  );
  assert.equal(r.method, 'SwiftRank');
  assert.equal(r.title, 'SwiftRank: lightweight reranker for long-document retrieval');
  assert.equal(r.descriptor, 'lightweight reranker for long-document retrieval');
});

test('an acronym introduced with its expansion is the name; the expansion, in sentence case, describes it', () => {
  const r = deriveTitle(
    'Estimating soil moisture from satellite images is hard under clouds. We introduce Cloud-Robust Moisture Estimation (CRME), which fuses radar and optical data. CRME lowers the error by 20% on three continents.',
  );
  assert.equal(r.method, 'CRME');
  assert.equal(r.title, 'CRME: cloud-robust moisture estimation');
});

test('a name given by "called", "named" or "dubbed" is taken, even in lower case', () => {
  const r = deriveTitle(
    'Mapping enzyme promiscuity needs many assays. We present a screening method called mutaScan that reads out thousands of variants in one run. mutaScan uses barcoded yeast libraries.',
  );
  assert.equal(r.method, 'mutaScan');
  const d = deriveTitle('We develop a simple policy-gradient variant, dubbed FlatPG, that removes the critic. FlatPG matches PPO on Atari.');
  assert.equal(d.method, 'FlatPG');
});

test('names that are only used or compared against are not taken', () => {
  const r = deriveTitle(
    'Large language models (LLMs) are often fine-tuned with reinforcement learning (RL). We compare PPO, GRPO and DPO on GSM8K using Llama-3-8B and Qwen2.5-7B. PPO is the most stable, while GRPO converges fastest on MuJoCo-style control tasks. We discuss when each algorithm should be preferred.',
  );
  assert.equal(r.method, null);
  assert.doesNotMatch(r.title, /^(PPO|GRPO|DPO|LLM|RL|GSM8K|Llama|Qwen)/);
});

test('the expansion of an existing acronym in a study is not a new name', () => {
  const r = deriveTitle(
    'Interface growth is described by the Kardar-Parisi-Zhang (KPZ) equation. We study the KPZ equation with correlated noise using large simulations. The roughness exponent depends on the noise correlation.',
  );
  assert.equal(r.method, null);
});

test('the scrubbed placeholder "METHOD" is never a name', () => {
  const r = deriveTitle(
    'Mutation testing is expensive. We propose METHOD, a technique that predicts which mutants survive from static features. METHOD skips 62% of mutant executions on 15 Java projects.',
  );
  assert.equal(r.method, null);
  assert.doesNotMatch(r.title, /METHOD/);
});

test('a coined name that keeps coming back as the subject is taken without a "we propose"', () => {
  const r = deriveTitle(
    'Screening porous materials is slow. Here we describe the results of MOFNet on 150,000 simulated isotherms. MOFNet predicts methane uptake with low error. MOFNet also transfers to hydrogen after fine-tuning. MOFNet screens the whole database in minutes.',
  );
  assert.equal(r.method, 'MOFNet');
});

test('an acronym used once as a modifier of a known kind of thing is not a name', () => {
  const r = deriveTitle(
    'Aligning performed notes to a score is a classic problem. We develop a second model, a two-step Dynamic Time Warping (DTW)-based offline alignment algorithm that uses the same input. It outperforms a state-of-the-art reference model.',
  );
  assert.equal(r.method, null);
});

test('model-size suffixes are not part of the name', () => {
  const r = deriveTitle(
    'We introduce Orca-Med, a clinical assistant trained with preference optimization. Orca-Med-8B answers board questions better than larger general models, and Orca-Med-70B approaches specialists.',
  );
  assert.equal(r.method, 'Orca-Med');
});

test('when a benchmark and a method are both introduced, the one the abstract keeps using wins', () => {
  const r = deriveTitle(
    'We first introduce a new benchmark, TableQuest, of multi-step table questions. Building on it, we propose a novel RL algorithm, StepCritic, that trains a step-level critic. StepCritic improves accuracy by 9 points, and StepCritic agents solve longer tasks. StepCritic is open source.',
  );
  assert.equal(r.method, 'StepCritic');
});

test('surveys are titled as surveys of their topic', () => {
  const r = deriveTitle(
    'This survey systematically reviews recent advances in protein language models for drug discovery. We cover architectures, training data and applications, and discuss open problems.',
  );
  assert.equal(r.method, null);
  assert.match(r.title, /^Survey of protein language models/);
});

test('without a name, the title is a capitalized noun phrase from the abstract', () => {
  const r = deriveTitle(
    'Minimum wage increases may change how firms recruit. We study how online job postings respond to minimum wage increases using data from 2.3 million postings. Postings for low-wage occupations fall by 3%.',
  );
  assert.equal(r.method, null);
  assert.match(r.title, /^[A-Z]/);
  assert.ok(r.title.split(' ').length >= 2);
});

test('long descriptors are shortened at a phrase boundary, never mid-phrase', () => {
  const r = deriveTitle(
    'We present GridSense, a distributed sensing architecture for detecting and localizing transient voltage faults in low-voltage distribution networks with sparse and unsynchronized measurements. GridSense runs on commodity meters.',
  );
  assert.equal(r.method, 'GridSense');
  assert.ok(r.title.length <= 80, r.title);
  assert.doesNotMatch(r.descriptor, /\b(of|for|in|with|and|the|a|an|to|on|by|via)$/i);
});

test('empty and odd input does not throw', () => {
  assert.equal(deriveTitle('').method, null);
  assert.ok(deriveTitle('   ').title.length > 0);
  const r = deriveTitle('x');
  assert.equal(typeof r.title, 'string');
  const latex = deriveTitle('We prove a regret bound of mathcal{O}left( sqrt{T} right) for $\\epsilon$-greedy exploration in linear bandits.');
  assert.doesNotMatch(latex.title, /mathcal|\\|[{}]/);
});

// ---------------------------------------------------------------------------------------------
// Metrics on the labelled check sets
// ---------------------------------------------------------------------------------------------

test('metrics on the labelled seeds and on out-of-domain abstracts meet the targets', () => {
  const labels = fixture<({ id: string } & Labelled)[]>('method-names.json');
  const byId = new Map(seedPapers().map((p) => [p.id, p.abstract]));
  const seeds = labels.map((l) => {
    const abstract = byId.get(l.id);
    assert.ok(abstract, `fixture id ${l.id} is not a seed paper`);
    return { abstract, label: l };
  });
  assert.ok(seeds.length >= 150);
  const synthetic = fixture<({ abstract: string } & Labelled)[]>('method-names-synthetic.json').map((s) => ({ abstract: s.abstract, label: s }));
  assert.ok(synthetic.length >= 30);

  const a = measure(seeds);
  const b = measure(synthetic);
  console.log(`seeds (${seeds.length}): name in title ${a.namedHit}/${a.named} = ${pct(a.namedHit, a.named)}; no invented name ${a.noneHit}/${a.none} = ${pct(a.noneHit, a.none)}`);
  console.log(`synthetic (${synthetic.length}): name in title ${b.namedHit}/${b.named} = ${pct(b.namedHit, b.named)}; no invented name ${b.noneHit}/${b.none} = ${pct(b.noneHit, b.none)}`);
  if (a.misses.length + b.misses.length > 0) console.log(`misses:\n  ${[...a.misses, ...b.misses].join('\n  ')}`);
  for (const [name, m] of [['seeds', a], ['synthetic', b]] as const) {
    assert.ok(m.namedHit / m.named >= 0.9, `${name}: name in title ${pct(m.namedHit, m.named)} < 90%`);
    assert.ok(m.noneHit / m.none >= 0.85, `${name}: no invented name ${pct(m.noneHit, m.none)} < 85%`);
  }
});

// ---------------------------------------------------------------------------------------------
// Form of every title
// ---------------------------------------------------------------------------------------------

const DANGLING = /\b(a|an|the|of|for|in|on|at|to|by|with|via|from|and|or|but|that|which|into|over|under|using|as|than|its|their|our)$/i;

function firstSentence(abstract: string): string {
  const m = /^(.+?[.!?])(\s+[A-Z(]|\s*$)/.exec(abstract);
  return (m ? m[1] : abstract).trim();
}

const norm = (s: string): string => s.toLowerCase().replace(/[^\p{L}\p{N}\s-]/gu, ' ').replace(/\s+/g, ' ').trim();

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
  if (desc.split(' ').length >= 3 && opening.startsWith(desc)) problems.push('descriptor is the truncated first sentence');
  if (norm(r.title) === norm(firstSentence(abstract).slice(0, r.title.length))) problems.push('title is the truncated first sentence');
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
