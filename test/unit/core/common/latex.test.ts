import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { decodeLatex, decodeLatexKeepingMath } from '../../../../src/core/common/latex';
import { mathSegments } from '../../../../src/core/common/mathSegments';

describe('decodeLatex', () => {
  test('plain text comes back as the same string', () => {
    for (const text of ['We study LLMs, e.g. GPT-4o, at 50% of the cost.', '', 'state-of-the-art x^2 a_b 100%']) {
      assert.equal(decodeLatex(text), text);
    }
  });

  test('accents compose, in every way abstracts write them', () => {
    assert.equal(decodeLatex('Schr\\"odinger and H\\"{o}lder and {\\"o}'), 'Schrödinger and Hölder and ö');
    assert.equal(decodeLatex("\\'e \\`a \\^o \\~n \\=a \\.z \\u{g} \\r{u} \\H{o} \\k{a}"), 'é à ô ñ ā ż ğ ů ő ą');
    assert.equal(decodeLatex('\\c{c}a \\c c \\v{s} \\v S Erd\\H{o}s'), 'ça ç š Š Erdős');
    assert.equal(decodeLatex("na\\\"{\\i}ve \\'{\\i} \\'\\i"), 'naïve í í');
    assert.equal(
      decodeLatex('Stra\\ss e, \\o, \\O, \\aa, \\AA, \\ae, \\oe, \\l{} \\L'),
      'Straße, ø, Ø, å, Å, æ, œ, ł Ł',
    );
    // as in LaTeX, a letter command eats the spaces after it
    assert.equal(decodeLatex('Wroc\\l aw'), 'Wrocław');
    // composed, not a letter and a combining mark (which would split a word for the tokenizer)
    assert.equal(decodeLatex('Schr\\"odinger').normalize('NFC'), decodeLatex('Schr\\"odinger'));
    assert.equal(decodeLatex('Schr\\"odinger').length, 'Schrödinger'.length);
    // a mark that composes with nothing is left out rather than left to split the word
    assert.equal(decodeLatex('\\b geometric, $\\vec{v}$, \\t{oo}'), 'geometric, v, oo');
  });

  test('text commands give their content; escapes their character; dashes and ties', () => {
    assert.equal(decodeLatex('\\textbf{Scalpel}: a method'), 'Scalpel: a method');
    assert.equal(decodeLatex('\\textbf{J}oint \\textbf{T}ensor'), 'Joint Tensor');
    assert.equal(
      decodeLatex('\\emph{a} \\textit{b} \\texttt{c} \\textsc{d} \\mathrm{e} \\text{f} \\mbox{g} \\textsf{h}'),
      'a b c d e f g h',
    );
    assert.equal(decodeLatex('BAEE{}: black-box'), 'BAEE: black-box');
    assert.equal(decodeLatex('Ourmodel~(Extend)'), 'Ourmodel (Extend)');
    assert.equal(decodeLatex('50\\% \\& \\_ \\# \\$5'), '50% & _ # $5');
    assert.equal(decodeLatex('1--2, a---b, state-of-the-art'), '1–2, a—b, state-of-the-art');
    assert.equal(decodeLatex('{\\em emphasis} and {\\bf bold} {Protected}'), 'emphasis and bold Protected');
    assert.equal(decodeLatex('\\LaTeX{} and \\TeX\\ and \\dots'), 'LaTeX and TeX and …');
  });

  test('math becomes Unicode where it can', () => {
    assert.equal(decodeLatex('$\\lambda$-hold controller'), 'λ-hold controller');
    assert.equal(decodeLatex('$n$-gram and $k$-means'), 'n-gram and k-means');
    assert.equal(decodeLatex('in $\\mathcal{O}(n)$ time'), 'in O(n) time');
    assert.equal(decodeLatex('$x^2$, $x^{-1}$, $x_i$, $x_{t+1}$, $\\ell_1$, $F_1$'), 'x², x⁻¹, xᵢ, xₜ₊₁, ℓ₁, F₁');
    assert.equal(decodeLatex('$\\alpha \\beta \\Gamma \\epsilon \\varepsilon \\phi$'), 'α β Γ ε ε φ');
    assert.equal(
      decodeLatex('$a \\times b \\leq c \\geq d \\to \\infty \\rightarrow \\pm \\cdot \\sim \\approx$'),
      'a × b ≤ c ≥ d → ∞ → ± · ∼ ≈',
    );
    assert.equal(decodeLatex('$O(n \\log n)$ and $\\mathbb{R}^d$'), 'O(n log n) and ℝᵈ');
    assert.equal(
      decodeLatex('$\\frac{1}{2}$, $\\frac{n+1}{2}$, $\\sqrt{n}$, $\\sqrt[3]{x+y}$'),
      '1/2, (n+1)/2, √n, √(x+y)',
    );
    assert.equal(decodeLatex('$90^\\circ$, $A^\\top$, $x^*$, $e^{i\\pi}$'), '90°, Aᵀ, x*, e^iπ');
    assert.equal(decodeLatex('$\\hat{y}$ and $\\left( a \\right.$'), 'ŷ and ( a ');
    assert.equal(decodeLatex('$W_{\\text{proj}}$ and $L_{\\mathrm{CE}}$'), 'Wₚᵣₒⱼ and L_CE');
    assert.equal(decodeLatex('$$\\sum_i x_i$$ and \\(a \\pm b\\) and \\[c\\]'), '∑ᵢ xᵢ and a ± b and c');
    assert.equal(decodeLatex('$\\{x_i\\}$'), '{xᵢ}');
  });

  test('unknown commands are dropped whole, their braced text kept', () => {
    assert.equal(decodeLatex('a \\foo b \\bar{baz} c'), 'a b baz c');
    assert.equal(decodeLatex('We propose \\ours{}, a model'), 'We propose , a model');
    assert.equal(decodeLatex('as in \\cite[p.~2]{key} and \\ref{fig} here'), 'as in and here');
    assert.equal(decodeLatex('$\\begin{array}{rcl} a & = & b \\end{array}$'), ' a & = & b ');
    assert.equal(decodeLatex('\\href{https://x.org}{our code} and \\url{x.org}'), 'our code and x.org');
    assert.equal(decodeLatex('$\\mathscr{F}$ and $\\weird{x}$ and $\\R^n$'), 'F and x and ⁿ');
  });

  test('a group glued to a word parts it, as a command that lost its backslash would; an accent in it joins', () => {
    assert.equal(decodeLatex('of mathcal{O}left( SH'), 'of mathcal O left( SH');
    assert.equal(decodeLatex('RRLS{https://x.org/RRLS}.'), 'RRLS https://x.org/RRLS.');
    assert.equal(decodeLatex('Schr{\\"o}dinger and Schr{ö}dinger, BAEE{}'), 'Schrödinger and Schrödinger, BAEE');
    assert.equal(decodeLatex('\\href{https://x.org{X}}.'), 'https://x.org X.');
  });

  test('broken input: unbalanced braces, a lone dollar, a trailing backslash', () => {
    assert.equal(decodeLatex('a { b'), 'a b');
    assert.equal(decodeLatex('a } b }}'), 'a b ');
    assert.equal(decodeLatex('costs $5 and more'), 'costs 5 and more');
    assert.equal(decodeLatex('$x$ and $5'), 'x and 5');
    assert.equal(decodeLatex('a \\'), 'a ');
    assert.equal(decodeLatex('\\textbf{a'), 'a');
    assert.equal(decodeLatex('\\"'), '');
  });

  test('a function name in math parts from the word before it: no new words such as "nlog"', () => {
    assert.equal(decodeLatex('$\\mathcal{O}(n\\log n)$'), 'O(n log n)');
    assert.equal(decodeLatex('$T\\log|\\Pi|$ and $x\\sin y$ and $2\\max_i x_i$'), 'T log|Π| and x sin y and 2 maxᵢ xᵢ');
    // not after a space, a bracket or a symbol (`\\cap\\mathcal{C}` is "∩C"), and not in text
    assert.equal(decodeLatex('$A\\cap\\mathcal{C}$'), 'A∩C');
    assert.equal(
      decodeLatex('$\\log n$, $(\\log n)$, $\\alpha\\beta$, Schr\\"odinger'),
      'log n, (log n), αβ, Schrödinger',
    );
  });

  test('hostile input is read in linear time without a crash', () => {
    const nested = `${'\\textbf{'.repeat(10_000)}x${'}'.repeat(10_000)}`;
    assert.equal(decodeLatex(nested), 'x');
    assert.equal(decodeLatex('{'.repeat(100_000) + 'x'), 'x');
    assert.equal(decodeLatex('\\"'.repeat(10_000) + 'o').includes('\\'), false);
    const frac = `${'\\frac{'.repeat(5_000)}1${'}{2}'.repeat(5_000)}`;
    assert.equal(decodeLatex(frac).includes('\\'), false);
    const line = 'word \\emph{x} $a^2$ \\sqrt[ '.repeat(40_000); // over a megabyte
    assert.ok(line.length > 1_000_000);
    const out = decodeLatex(line);
    assert.ok(out.startsWith('word x a² √'), out.slice(0, 40));
    assert.ok(!/[\\{}$]/.test(out));
  });

  const PIECES = [
    '\\textbf',
    '\\emph',
    '\\mathcal',
    '\\frac',
    '\\sqrt',
    '\\foo',
    '\\"',
    "\\'",
    '\\c',
    '\\',
    '\\\\',
    '\\(',
    '\\)',
    '\\[',
    '\\]',
    '{',
    '}',
    '$',
    '$$',
    '^',
    '_',
    '~',
    '--',
    '[',
    ']',
    '%',
    ' ',
    'ab',
    'o',
    'x',
    '\\alpha',
    '\\left',
    '\\ss',
    '\\cite',
    '*',
  ];
  const ESCAPES = ['\\{', '\\}', '\\$', '\\%'];
  const count = (s: string, part: string) => s.split(part).length - 1;
  const latexLike = (pieces: string[]) =>
    fc.array(fc.constantFrom(...pieces), { maxLength: 40 }).map((p) => p.join(''));

  test('never a backslash, never a command name (property, fixed seed)', () => {
    fc.assert(
      fc.property(latexLike(PIECES), (text) => {
        const out = decodeLatex(text);
        assert.ok(!out.includes('\\'), `${text} -> ${out}`);
        // a name comes out only as text after a line break (`\\\\textbf`)
        for (const name of ['textbf', 'emph', 'mathcal', 'frac', 'sqrt', 'foo', 'alpha', 'left', 'cite']) {
          assert.ok(count(out, name) <= count(text, `\\\\${name}`), `${text} -> ${out}`);
        }
      }),
      { seed: 11, numRuns: 3000 },
    );
  });

  test('braces and dollars come out only where the text escaped them (property, fixed seed)', () => {
    fc.assert(
      fc.property(latexLike([...PIECES, ...ESCAPES]), (text) => {
        const out = decodeLatex(text);
        assert.ok(!out.includes('\\'), `${text} -> ${out}`);
        for (const c of ['{', '}', '$']) assert.ok(count(out, c) <= count(text, `\\${c}`), `${text} -> ${out}`);
        assert.equal(decodeLatex(out).includes('\\'), false);
      }),
      { seed: 5, numRuns: 3000 },
    );
  });

  test('text without markup comes back unchanged (property, fixed seed)', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 60 }), (text) => {
        const plain = text.replace(/[\\{}$~]|-(?=-)/g, '');
        assert.equal(decodeLatex(plain), plain);
      }),
      { seed: 3, numRuns: 1000 },
    );
  });
});

describe('decodeLatexKeepingMath', () => {
  test('math stays as written, delimiters included; the text around it is decoded', () => {
    assert.equal(
      decodeLatexKeepingMath('\\textbf{Scalpel}: $\\mathcal{O}(n \\log n)$ bridges for Schr\\"odinger'),
      'Scalpel: $\\mathcal{O}(n \\log n)$ bridges for Schrödinger',
    );
    assert.equal(
      decodeLatexKeepingMath('\\emph{Fast $k$-means} in \\(d\\) dimensions'),
      'Fast $k$-means in \\(d\\) dimensions',
    );
    assert.equal(decodeLatexKeepingMath('plain title'), 'plain title');
  });

  test('without math it gives what decodeLatex gives: dollars that are prices stay text', () => {
    for (const text of ['Models for $5 and $10', '\\textbf{A} -- B~C', 'Cost \\$5, {BERT}', '$ a $ b']) {
      assert.equal(mathSegments(text).length, 0, text);
      assert.equal(decodeLatexKeepingMath(text), decodeLatex(text));
    }
  });

  test('the math of its output is the math of its input (property, fixed seed)', () => {
    const pieces = ['plain ', 'word', ' ', '\\textbf{', '}', '\\"o', '--', '~', '$x$', '$\\alpha_i$', '\\(y^2\\)', '{'];
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...pieces), { maxLength: 30 }), (parts) => {
        // words apart, as titles write them (`$a$$b$` is no one's math, and each reader takes it differently)
        const text = parts.join(' ');
        const out = decodeLatexKeepingMath(text);
        const tex = (t: string) => mathSegments(t).map((s) => s.tex);
        assert.deepEqual(tex(out), tex(text), `${text} -> ${out}`);
      }),
      { seed: 7, numRuns: 2000 },
    );
  });
});
