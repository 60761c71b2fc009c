import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { decodeLatex } from '../../../../src/core/common';
import { keywordsForCorpus } from '../../../../src/core/keywords/keywords';

describe('keywordsForCorpus', () => {
  // Made-up abstracts from fields other than the seeds', two per field so that terms recur across abstracts.
  const FIELDS = [
    // ecology
    'Soil moisture controls plant growth in dry regions. We measure soil moisture with low-cost sensors and map it across three watersheds. Applying soil corrections to the maps improves irrigation planning, and farmers save water.',
    'Remote sensing of soil moisture is limited by cloud cover. We combine radar images with ground probes, applying soil corrections for vegetation. The resulting estimates support irrigation planning in dry years.',
    // labour economics
    'How do firms hire when the minimum wage rises? Using payroll data, we estimate the effect of the minimum wage on hiring. Firms respond by cutting overtime, and firms respond faster in cities.',
    'We study the minimum wage and teenage employment with county payroll data. After an increase in the minimum wage, firms respond by raising prices. Counties adopt new rules at different times.',
    // cell biology
    'CRISPR screens reveal genes that control cell division. Cells divide faster when the screened genes are silenced, and cells divide slower under stress. We confirm the hits with CRISPR screens in organoids.',
    'Errors in cell division cause aneuploidy. Using CRISPR screens, we find kinases whose loss lets cells divide without checkpoints. These kinases are potential drug targets.',
    // clinical language models
    'Clinical notes contain rich patient histories. We fine-tune a 7B language model on clinical notes to detect sepsis early. The 7B model flags sepsis hours before clinicians do.',
    'We compare a 7B language model with a 70B model for summarizing clinical notes. The 7B model is cheaper, and nurses prefer its summaries of clinical notes.',
    // statistical physics
    'We apply mean field theory to active matter. Mean field theory predicts a phase transition to collective motion, which we confirm in simulations of self-propelled particles.',
    'Flocking in active matter is explained by mean field theory at high density. Below a critical density, mean field theory fails and fluctuations dominate the phase transition.',
  ];

  const kw = keywordsForCorpus(FIELDS);
  const all = kw.flat();

  test('keywords of other fields are their recurring terms, as written', () => {
    assert.ok(kw[0].includes('soil moisture') && kw[0].includes('irrigation planning'), kw[0].join('|'));
    assert.ok(kw[2].includes('minimum wage'), kw[2].join('|'));
    assert.ok(kw[4].includes('CRISPR screens') && kw[4].includes('cell division'), kw[4].join('|'));
    assert.ok(kw[6].includes('clinical notes'), kw[6].join('|'));
    assert.ok(kw[8].includes('active matter') && kw[8].includes('phase transition'), kw[8].join('|'));
  });

  test('a keyword never starts with a verb form', () => {
    // "applying" is never used after an article; "firms respond", "cells divide": a plural noun and its verb
    assert.ok(!all.some((k) => /^applying\b/i.test(k)), all.join('|'));
    assert.ok(!all.some((k) => /^(firms? respond|cells? divide|counties adopt|model flags)$/i.test(k)), all.join('|'));
  });

  test('verbs are not keywords on their own', () => {
    for (const verb of ['adopt', 'compare', 'detect', 'reveal', 'apply', 'explained', 'dominate', 'combine', 'measure'])
      assert.ok(!all.includes(verb), `${verb} in ${all.join('|')}`);
  });

  test('model sizes are not keywords, alone or in front of a noun', () => {
    assert.ok(!all.some((k) => /^\d+(\.\d+)?[BMK]\b/i.test(k)), all.join('|'));
  });

  test('a pair that is always part of a longer term is not a keyword', () => {
    // "mean field" is always followed by "theory"
    assert.ok(!all.includes('mean field'), all.join('|'));
    assert.ok(kw[8].includes('field theory'), kw[8].join('|'));
  });

  test('links are not keywords', () => {
    const withLinks = [
      'Code for the coral reef survey is at https://example.org/reef-survey and the project page.',
      'The coral reef survey data are on the project page at https://example.org/reef-data.',
    ];
    const out = keywordsForCorpus(withLinks).flat();
    assert.ok(out.includes('coral reef') || out.includes('reef survey'), out.join('|'));
    assert.ok(!out.some((k) => /https|example|org\b/.test(k)), out.join('|'));
  });

  test('pieces of formulas are not keywords, alone or in a pair; the words around them are', () => {
    // as the analysis reads them: decoded, so `$L^2$` is L² and `$\mathbb{R}^n$` ℝⁿ
    const abstracts = [
      'We bound the $L^2$ norm of viscous flows in $\\mathbb{R}^n$. The $L^2$ norm decays, and $u_t$ stays small in $\\mathbb{R}^n$ for viscous flows.',
      'Viscous flows in $\\mathbb{R}^n$ have a decaying $L^2$ norm. We show $u_t$ and $H^s$ bounds for viscous flows in $\\mathbb{R}^n$.',
      'Coral reefs bleach in warm water. Reef surveys track how coral reefs recover after warm water events.',
    ].map(decodeLatex);
    const kw = keywordsForCorpus(abstracts);
    const formula = /[²ⁿˢₜℝ]/u;
    assert.ok(!kw.flat().some((k) => formula.test(k)), kw.flat().join('|'));
    assert.ok(kw[0].includes('viscous flows'), kw[0].join('|'));
    // a superscript digit typed as such is a formula too
    const typed = keywordsForCorpus(['Areas of 5 m² and m² plots.', 'Plots of m² size.']).flat();
    assert.ok(!typed.some((k) => k.includes('²')), typed.join('|'));
  });

  test('empty and tiny input', () => {
    assert.deepEqual(keywordsForCorpus([]), []);
    assert.deepEqual(keywordsForCorpus(['']), [[]]);
    assert.deepEqual(keywordsForCorpus(['Graphene.']), [[]]);
  });

  test('keywords prefer phrases found in several abstracts, written as the text writes them', () => {
    const abstracts = [
      'Offline RL learns from fixed data. We study offline RL with flow matching policies.',
      'Flow matching trains generative models. Offline RL benefits from flow matching.',
      'Galaxy morphology is classified from telescope images of galaxy clusters.',
    ];
    const kw = keywordsForCorpus(abstracts);
    assert.ok(kw[0].includes('offline RL'), kw[0].join('|'));
    assert.ok(kw[1].includes('flow matching'), kw[1].join('|'));
    assert.ok(
      kw[2].some((k) => k.startsWith('galaxy')),
      kw[2].join('|'),
    );
    assert.ok(!kw[0].includes('offline'), 'a word inside a chosen phrase is not listed again');
  });
});
