/**
 * Fuzzing of every input format (fixed seed, so a failure replays): random bytes and text, and valid
 * samples mutated by truncation, byte flips, inserted braces, quotes and angle brackets, deletions and
 * duplicated entries. Each parser must return a well-formed result or throw PapersInputError, never
 * anything else, and never take long; parseCollectionBytes must never throw at all.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { parseCollectionBytes } from '../../../../../src/core/collections/corpus';
import { MAX_ABSTRACT_CHARS } from '../../../../../src/core/collections/formats/dailyPapers';
import { ParseResult } from '../../../../../src/core/collections/formats/types';
import { FormatName, PARSERS } from '../../../../../src/core/collections/formats';
import { paperId, titleId } from '../../../../../src/core/papers/ids';
import { PapersInputError } from '../../../../../src/core/common/errors';
import { fixture } from '../../../../helpers/formatFixtures';

const SEED = 20240611;

/** Valid samples of each format: the fixtures and a few written here to reach other paths. */
const SAMPLES: Record<FormatName, { file: string; texts: string[] }> = {
  'daily-papers': {
    file: 'dump.txt',
    texts: [
      fixture('quasars.txt'),
      'Daily Papers\r\n\r\nAbstract: We use \\href{http://x}{links} and 50\\% of $\\alpha$.\r\nSecond one.\r\n',
    ],
  },
  bibtex: {
    file: 'refs.bib',
    texts: [
      fixture('quasars.bib'),
      '@string{x = "X"}\n@misc{a, title = x # {y}, abstract = {A {\\"o} $b^2$ -- c}}\n@misc(b, abstract = "q {u} o")\n@comment{c}\n@preamble{"p"}\n',
    ],
  },
  'csl-json': {
    file: 'zotero.json',
    texts: [
      fixture('quasars.json'),
      '[{"id":"a","abstract":"One \\"quoted\\" [x] {y}","author":[{"literal":"L"}],"issued":{"raw":"2001"}},\n{"id":"b","abstract":"Two"}]',
    ],
  },
  'json-lines': {
    file: 'papers.jsonl',
    texts: [
      fixture('quasars.jsonl'),
      '{"abstract":"A {b} [c] <d>","authors":"X; Y and Z","year":"1999-01"}\n\n{"summary":"S","id":7}\n',
    ],
  },
  'arxiv-atom': {
    file: 'query.xml',
    texts: [
      fixture('quasars.xml'),
      '<feed><entry><id>http://arxiv.org/abs/1</id><title type="html">T &amp; &#x3B1;</title><summary>A &lt; b</summary><author><name>N</name></author></entry></feed>',
    ],
  },
};

const enc = (s: string) => new TextEncoder().encode(s);
const dec = (b: Uint8Array) => new TextDecoder('utf-8').decode(b);

/** Fragments that matter to some parser: delimiters, quotes, markup, entry starts, escapes. */
const TOKENS = [
  '{',
  '}',
  '[',
  ']',
  '(',
  ')',
  '"',
  "'",
  '<',
  '>',
  '</',
  '/>',
  '@',
  ',',
  '=',
  '#',
  '%',
  '\\',
  '$',
  '&',
  ';',
  '\n',
  '\r\n',
  '\u0000',
  '\uFEFF',
  '@misc{',
  '@string{',
  '<entry>',
  '</entry>',
  '<feed>',
  '<!--',
  ']]>',
  '{"abstract":',
  '"abstract":"',
  'Daily Papers\n',
  '&#x',
  '\\"',
  '$$',
  '--',
];

type Op =
  | { kind: 'truncate'; at: number }
  | { kind: 'flip'; at: number; byte: number }
  | { kind: 'insert'; at: number; token: string }
  | { kind: 'delete'; at: number; length: number }
  | { kind: 'duplicate'; from: number; length: number; to: number };

/** A position as a fraction of the input's length (uniform: fc.double favours tiny values). */
const at = fc.integer({ min: 0, max: 10_000 }).map((n) => n / 10_000);
const opArb: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ kind: fc.constant('truncate' as const), at }),
  fc.record({ kind: fc.constant('flip' as const), at, byte: fc.integer({ min: 0, max: 255 }) }),
  fc.record({ kind: fc.constant('insert' as const), at, token: fc.constantFrom(...TOKENS) }),
  fc.record({ kind: fc.constant('delete' as const), at, length: fc.integer({ min: 1, max: 40 }) }),
  fc.record({ kind: fc.constant('duplicate' as const), from: at, length: fc.integer({ min: 1, max: 400 }), to: at }),
);

function mutate(bytes: Uint8Array, ops: Op[]): Uint8Array {
  let b = Array.from(bytes);
  const pos = (f: number) => Math.floor(f * b.length);
  for (const op of ops) {
    if (op.kind === 'truncate') b = b.slice(0, pos(op.at));
    else if (op.kind === 'flip' && b.length) b[Math.min(b.length - 1, pos(op.at))] = op.byte;
    else if (op.kind === 'insert') b.splice(pos(op.at), 0, ...enc(op.token));
    else if (op.kind === 'delete') b.splice(pos(op.at), op.length);
    else if (op.kind === 'duplicate') {
      const from = pos(op.from);
      b.splice(pos(op.to), 0, ...b.slice(from, from + op.length));
    }
  }
  return Uint8Array.from(b);
}

interface Tally {
  inputs: number;
  withPapers: number;
  withProblems: number;
  inputErrors: number;
  slowestMs: number;
}

/** Checks one result: every paper and problem is well-formed for this file and text. */
function checkResult(result: ParseResult, file: string, lineCount: number): void {
  assert.ok(Array.isArray(result.papers) && Array.isArray(result.problems));
  const ids = new Set<string>();
  for (const p of result.papers) {
    assert.equal(typeof p.abstract, 'string');
    assert.ok(p.abstract.length <= MAX_ABSTRACT_CHARS, 'an abstract not too long');
    if (p.abstract.trim() !== '') assert.equal(p.id, paperId(p.abstract));
    else {
      // kept by its title: a title and its own kind of id
      assert.ok(p.abstract === '' && p.sourceTitle?.trim(), 'a paper without an abstract has a title');
      assert.equal(p.id, titleId(p.sourceTitle ?? '', p.year));
    }
    assert.ok(!ids.has(p.id), 'no duplicate papers in one file');
    ids.add(p.id);
    assert.equal(p.sources.length, 1);
    assert.equal(p.sources[0].collection, file);
    assert.ok(
      Number.isInteger(p.sources[0].line) && p.sources[0].line >= 1 && p.sources[0].line <= lineCount,
      `line ${p.sources[0].line} of ${lineCount}`,
    );
    for (const f of ['sourceTitle', 'year', 'url', 'doi', 'sourceKey'] as const)
      assert.ok(p[f] === undefined || (typeof p[f] === 'string' && p[f] !== ''), f);
    assert.ok(
      p.authors === undefined ||
        (Array.isArray(p.authors) && p.authors.every((a) => typeof a === 'string' && a !== '')),
    );
  }
  for (const problem of result.problems) {
    assert.equal(problem.file, file);
    assert.ok(
      typeof problem.message === 'string' && problem.message.trim() !== '' && !problem.message.includes('\n'),
      JSON.stringify(problem.message),
    );
    assert.ok(
      problem.line === undefined || (Number.isInteger(problem.line) && problem.line >= 1 && problem.line <= lineCount),
      `problem line ${problem.line} of ${lineCount}`,
    );
  }
}

/** Runs one input through the format's parser and through parseCollectionBytes, checking both. */
function runOne(format: FormatName, file: string, bytes: Uint8Array, tally: Tally): void {
  const text = dec(bytes);
  const lineCount = text.split(/\r\n|\r|\n/).length;
  const started = performance.now();
  try {
    const result = PARSERS[format](text, file);
    checkResult(result, file, lineCount);
    if (result.papers.length) tally.withPapers++;
    if (result.problems.length) tally.withProblems++;
  } catch (err) {
    if (!(err instanceof PapersInputError)) throw err;
    assert.equal(err.file, file);
    assert.ok(err.line === undefined || (err.line >= 1 && err.line <= lineCount));
    tally.inputErrors++;
  }
  const viaBytes = parseCollectionBytes(bytes, file);
  checkResult(
    viaBytes,
    file,
    Math.max(lineCount, new TextDecoder('windows-1252').decode(bytes).split(/\r\n|\r|\n/).length),
  );
  tally.slowestMs = Math.max(tally.slowestMs, performance.now() - started);
  tally.inputs++;
}

const MUTATED_RUNS = 1500;
const RANDOM_RUNS = 600;

describe('PARSERS and parseCollectionBytes, fuzzed', () => {
  for (const [format, { file, texts }] of Object.entries(SAMPLES) as [FormatName, (typeof SAMPLES)[FormatName]][]) {
    test(`fuzz ${format}: mutated samples and random input never throw anything but PapersInputError`, () => {
      const tally: Tally = { inputs: 0, withPapers: 0, withProblems: 0, inputErrors: 0, slowestMs: 0 };
      const started = performance.now();
      const samples = texts.map(enc);
      for (const sample of samples) runOne(format, file, sample, tally);
      fc.assert(
        fc.property(fc.nat({ max: samples.length - 1 }), fc.array(opArb, { minLength: 1, maxLength: 6 }), (i, ops) =>
          runOne(format, file, mutate(samples[i], ops), tally),
        ),
        { seed: SEED, numRuns: MUTATED_RUNS },
      );
      fc.assert(
        fc.property(
          fc.oneof(
            fc.uint8Array({ maxLength: 300 }),
            fc.string({ unit: 'binary', maxLength: 300 }).map(enc),
            fc
              .array(fc.constantFrom(...TOKENS, 'abstract', 'title', ' ', 'x', 'é'), { maxLength: 60 })
              .map((parts) => enc(parts.join(''))),
          ),
          (bytes) => runOne(format, file, bytes, tally),
        ),
        { seed: SEED + 1, numRuns: RANDOM_RUNS },
      );
      const seconds = (performance.now() - started) / 1000;
      console.log(
        `fuzz ${format}: ${tally.inputs} inputs in ${seconds.toFixed(1)} s (${tally.withPapers} with papers, ${tally.withProblems} with problems, ${tally.inputErrors} unreadable as a whole; slowest ${tally.slowestMs.toFixed(0)} ms)`,
      );
      assert.equal(tally.inputs, samples.length + MUTATED_RUNS + RANDOM_RUNS);
      assert.ok(tally.withPapers > 0 && tally.withProblems > 0, 'the fuzzing reached both outcomes');
    });
  }
});
