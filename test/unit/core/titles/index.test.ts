import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { deriveTitle } from '../../../../src/core/titles';

describe('deriveTitle', () => {
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
    const d = deriveTitle(
      'We develop a simple policy-gradient variant, dubbed FlatPG, that removes the critic. FlatPG matches PPO on Atari.',
    );
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
    const latex = deriveTitle(
      'We prove a regret bound of mathcal{O}left( sqrt{T} right) for $\\epsilon$-greedy exploration in linear bandits.',
    );
    assert.doesNotMatch(latex.title, /mathcal|\\|[{}]/);
  });

  // ---------------------------------------------------------------------------------------------
  // Metrics on the labelled check sets
  // ---------------------------------------------------------------------------------------------
});

describe('deriveTitle on hostile input', () => {
  const introductions = (n: number) =>
    Array.from(
      { length: n },
      (_, i) => `We propose Zorbix${i} (ZBX${i}), a framework; we present Qualtor${i}Net. `,
    ).join('');
  const time = (n: number): number => {
    const text = introductions(n);
    const t = performance.now();
    deriveTitle(text);
    return performance.now() - t;
  };

  test('an abstract of thousands of coined names takes time in proportion to its length, not its square', () => {
    time(100); // warm-up
    const small = time(300);
    const large = time(3000);
    // ten times the text: a reading that weighs every name against every other would take about a hundred times as long
    assert.ok(large < 40 * Math.max(small, 5), `${small.toFixed(0)} ms -> ${large.toFixed(0)} ms`);
  });
});
