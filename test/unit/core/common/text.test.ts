import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { foldPlural, isContentWord, normalizeWord, sentenceOffsets, tokenize } from '../../../../src/core/common/text';

const words = (text: string): string[] => tokenize(text).map((t) => t.surface);

describe('tokenize', () => {
  test('words keep inner hyphens, apostrophes and decimal points; possessives and LaTeX commands are dropped', () => {
    assert.deepEqual(words("Qwen3-0.6B beats GPT-4o on the agent’s and agent's tasks."), [
      'Qwen3-0.6B',
      'beats',
      'GPT-4o',
      'on',
      'the',
      'agent',
      'and',
      'agent',
      'tasks',
    ]);
    assert.deepEqual(words('x \\rightarrow y'), ['x', 'y']);
    // a dot joins digits only: "e.g." is two one-letter words, "v1.2" one word
    assert.deepEqual(words('e.g. v1.2 and 3.x'), ['e', 'g', 'v1.2', 'and', '3', 'x']);
    assert.deepEqual(words('-well- --'), ['well']);
  });

  test('letters outside ASCII are letters, also in texts with surrogate pairs', () => {
    assert.deepEqual(words('Über große Modelle für Café'), ['Über', 'große', 'Modelle', 'für', 'Café']);
    // astral characters are read one UTF-16 unit at a time: not letters
    assert.deepEqual(words('a 𝒳-b c😀d'), ['a', 'b', 'c', 'd']);
  });

  test('tokens carry their offset, normalized form and sentence', () => {
    const text = 'Offline RL works. We study LLMs, e.g. GPT-4o. Results follow';
    const toks = tokenize(text);
    for (const t of toks) assert.equal(text.slice(t.start, t.start + t.surface.length), t.surface);
    assert.deepEqual(
      toks.map((t) => `${t.norm}@${t.sentence}`),
      ['offline@0', 'rl@0', 'work@0', 'we@1', 'study@1', 'llm@1', 'e@1', 'g@1', 'gpt-4o@1', 'result@2', 'follow@2'],
    );
    assert.deepEqual(sentenceOffsets(text), [0, 17, 45]);
  });

  /** The tokenizer's word rule, read one UTF-16 unit at a time: the reference the fast path must agree with ("offset:word"). */
  function referenceWords(text: string): string[] {
    const alnum = (c: number): boolean =>
      c < 128 ? /[A-Za-z0-9]/.test(String.fromCharCode(c)) : /[\p{L}\p{N}]/u.test(String.fromCharCode(c));
    const digit = (c: number): boolean => c >= 48 && c <= 57;
    const out: string[] = [];
    let i = 0;
    while (i < text.length) {
      if (!alnum(text.charCodeAt(i))) {
        i++;
        continue;
      }
      let end = i + 1;
      while (end < text.length) {
        const c = text.charCodeAt(end);
        const next = text.charCodeAt(end + 1);
        if (alnum(c)) end++;
        else if (
          (c === 45 || c === 39 || c === 0x2019 || (c === 46 && digit(next) && digit(text.charCodeAt(end - 1)))) &&
          end + 1 < text.length &&
          alnum(next)
        )
          end += 2;
        else break;
      }
      if (i === 0 || text.charCodeAt(i - 1) !== 92) {
        const w = text.slice(i, end);
        out.push(`${i}:${w.length > 2 && /['’][sS]$/.test(w) ? w.slice(0, -2) : w}`);
      }
      i = end;
    }
    return out;
  }

  test('the words found natively, and their offsets, are those read one unit at a time (property)', () => {
    // lone surrogates and astral letters and digits too: only letters and digits of the BMP make words
    const pieces = [
      'a',
      'Z',
      '7',
      ' ',
      ' ',
      '.',
      '-',
      "'",
      '’',
      's',
      '\\',
      'é',
      'ß',
      '٣',
      '𝒳',
      '😀',
      '𝟙',
      '\uD835',
      '\uDC00',
      '—',
      '(',
      ')',
      ',',
      'e.g.',
      '0.5',
      '\n',
    ];
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...pieces), { maxLength: 40 }), (parts) => {
        const text = parts.join('');
        assert.deepEqual(
          tokenize(text).map((t) => `${t.start}:${t.surface}`),
          referenceWords(text),
        );
      }),
      { numRuns: 3000 },
    );
  });
});

describe('normalizeWord, foldPlural and isContentWord', () => {
  test('normalization folds plurals and acronym plurals, and content words are not numbers or stopwords', () => {
    assert.equal(foldPlural('policies'), 'policy');
    assert.equal(foldPlural('matches'), 'match');
    assert.equal(foldPlural('analysis'), 'analysis');
    assert.equal(normalizeWord('VLAs'), 'vla');
    assert.equal(normalizeWord('Models'), 'model');
    assert.ok(isContentWord('policy'));
    assert.ok(!isContentWord('the') && !isContentWord('3.5') && !isContentWord('significantly'));
    // bare numbers in any of their written shapes are not content words; a number with a letter is
    assert.ok(!isContentWord('-0.5%') && !isContentWord(',5') && !isContentWord('%%') && !isContentWord('1,000'));
    assert.ok(isContentWord('5g') && isContentWord('x86') && isContentWord('gpt-4'));
  });
});
