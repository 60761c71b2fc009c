/**
 * LaTeX as abstracts write it, decoded to the plain text a reader sees: for titles, keywords, vectors and theme
 * labels, and anywhere else text is shown without rendering math. A small hand-written reader rather than
 * citation-js's value parser (collections/formats/latexText.ts): that one throws on unbalanced braces or dollars,
 * keeps unknown commands and most math commands as written (`\foobar`, `\leq`), and takes about 0.1 ms an
 * abstract, too slow for an analysis that reads each abstract several times. This one never throws, reads each
 * character once, and drops what it does not know without leaving a backslash or a brace behind.
 */
import { ACCENTS, BLACKBOARD, LETTER_SYMBOLS, MATH_ACCENTS, SUBSCRIPTS, SUPERSCRIPTS, SYMBOLS } from './latexSymbols';
import { rewriteMath } from './mathSegments';

/** Text with none of these has nothing to decode: returned as it is (most abstracts). */
const MARKUP = /[\\{}$~]|--/;

/**
 * Groups nested deeper than this are read as if their braces were not there, and commands there lose their
 * argument: bounds the recursion (hostile input nests thousands) at no cost to real text.
 */
const MAX_DEPTH = 32;
/** How far an optional argument (`\sqrt[3]{x}`, `\cite[p. 2]{key}`) may reach for its `]`. */
const MAX_OPTIONAL = 64;

/** What ends a run of text: the closing brace of a group, or the delimiter that closes math. */
const enum Until {
  End,
  Brace,
  Dollar,
  Dollars,
  Paren,
  Bracket,
}

/** How a command with arguments is written out. */
type Macro =
  /** its argument, read in text mode (`\textbf`), math mode (`\ensuremath`) or the mode it is in (`\mathrm`) */
  | { kind: 'keep'; mode?: 'text' | 'math' }
  /** nothing: its argument is not text (`\cite`, `\label`, `\begin`) */
  | { kind: 'drop' }
  /** its second argument (`\href{url}{text}`, `\textcolor{red}{text}`) */
  | { kind: 'second' }
  | { kind: 'frac' | 'binom' | 'sqrt' | 'blackboard' | 'delimiter' }
  | { kind: 'script'; table: ReadonlyMap<string, string>; sign: string }
  | { kind: 'accent' | 'mathAccent'; mark: string };

const HREF: Macro = { kind: 'second' };
const BEGIN: Macro = { kind: 'drop' };
/** Environments whose `\begin` takes a column layout after their name. */
const TABLES = new Set(['array', 'tabular', 'tabularx', 'tabular*']);
const keep = (mode?: 'text' | 'math'): Macro => ({ kind: 'keep', mode });
const macros = (names: string, macro: Macro): [string, Macro][] => names.split(' ').map((n) => [n, macro]);

const MACROS: ReadonlyMap<string, Macro> = /* @__PURE__ */ new Map([
  ...macros(
    'text textrm textbf textit textsl textsc texttt textsf textup textmd textnormal emph mbox hbox fbox makebox ' +
      'underline uline url',
    keep('text'),
  ),
  ...macros(
    'mathrm mathbf mathit mathsf mathtt mathcal mathscr mathfrak mathnormal boldsymbol bm pmb operatorname ' +
      'overbrace underbrace',
    keep(),
  ),
  ...macros('ensuremath', keep('math')),
  ...macros(
    'cite citep citet citealp citeauthor citeyear ref eqref autoref cref Cref label footnote footnotetext thanks ' +
      'vspace hspace color end includegraphics tag unicode ding',
    { kind: 'drop' },
  ),
  ['href', HREF],
  ['begin', BEGIN],
  ...macros('textcolor colorbox texorpdfstring hyperlink overset stackrel', { kind: 'second' }),
  ...macros('frac dfrac tfrac cfrac', { kind: 'frac' }),
  ...macros('binom dbinom tbinom', { kind: 'binom' }),
  ...macros('sqrt', { kind: 'sqrt' }),
  ...macros('mathbb Bbb', { kind: 'blackboard' }),
  ...macros('left right middle big Big bigg Bigg bigl bigr Bigl Bigr biggl biggr Biggl Biggr', { kind: 'delimiter' }),
  ...macros('textsuperscript', { kind: 'script', table: SUPERSCRIPTS, sign: '^' }),
  ...macros('textsubscript', { kind: 'script', table: SUBSCRIPTS, sign: '_' }),
  ...[...ACCENTS]
    .filter(([k]) => /^[a-zA-Z]$/.test(k))
    .map(([k, mark]): [string, Macro] => [k, { kind: 'accent', mark }]),
  ...[...MATH_ACCENTS].map(([k, mark]): [string, Macro] => [k, { kind: 'mathAccent', mark }]),
]);

/** Character codes that end a run of plain text, in text mode and in math mode. */
const STOPS_TEXT = /* @__PURE__ */ stops('\\{}$~-');
const STOPS_MATH = /* @__PURE__ */ stops('\\{}$~^_');

function stops(chars: string): Uint8Array {
  const table = new Uint8Array(128);
  for (const c of chars) table[c.charCodeAt(0)] = 1;
  return table;
}

const isLetter = (c: number) => (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
const isWordCharacter = (c: number) => isLetter(c) || (c >= 48 && c <= 57) || c >= 128;
const isSpace = (c: number) => c === 32 || c === 9 || c === 10 || c === 13;
/** The end of a word a command's word would join (a letter or digit, not a symbol such as ∩). */
const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;
/** Needs parentheses to stay one unit after `/`, `√` or a script sign: anything but letters and digits. */
const COMPOUND = /[^\p{L}\p{N}.]/u;

/**
 * Text with its LaTeX decoded: text commands give their content, accents compose (`Schr\"odinger` → Schrödinger),
 * escapes their character, `--` and `---` dashes, `~` a space, braces go; math gives Unicode where it can
 * (`$\lambda$` → λ, `$x^2$` → x², `$\mathcal{O}(n)$` → O(n)) and its text otherwise. Unknown commands are dropped,
 * their braced text kept. The output holds no backslash; a brace or a dollar only where the text escaped one.
 */
export function decodeLatex(text: string): string {
  if (!MARKUP.test(text)) return text;
  return new LatexReader(text).read();
}

/**
 * Text with its math kept as written (the segments mathSegments finds, delimiters included) and the LaTeX
 * between decoded as decodeLatex does: for a place that renders math (the paper view's title), where the
 * Unicode of decodeLatex would be a poorer copy. Text without math gives decodeLatex's text.
 */
export function decodeLatexKeepingMath(text: string): string {
  if (!MARKUP.test(text)) return text;
  return rewriteMath(text, decodeLatex, (seg) => text.slice(seg.start, seg.end)).replace(/ {2,}/g, ' ');
}

/**
 * A character only a formula writes: a superscript or subscript (what the decoder makes of `x^2`, `u_t`) or a
 * double-struck letter (`\mathbb{R}`), the letters and digits of the decoder's own tables. A word holding one
 * (H², uₜ, ℝⁿ) is a piece of a formula, whether the decoder made it or the author typed it so.
 */
export const FORMULA_CHARACTER: RegExp = /* @__PURE__ */ formulaCharacters();

function formulaCharacters(): RegExp {
  const made = [...SUPERSCRIPTS.values(), ...SUBSCRIPTS.values(), ...BLACKBOARD.values()];
  return new RegExp(`[${[...new Set(made.filter((c) => /^[\p{L}\p{N}]$/u.test(c)))].join('')}]`, 'u');
}

class LatexReader {
  private pos = 0;
  /** The one `$` that has no partner (an odd count), read as nothing rather than opening math to the end. */
  private readonly strayDollar: number;

  constructor(private readonly src: string) {
    this.strayDollar = strayDollar(src);
  }

  read(): string {
    return this.sequence(false, 0, Until.End).replace(/ {2,}/g, ' ');
  }

  /** Text up to `until`'s delimiter (consumed) or to a closer of an enclosing math (left for it). */
  private sequence(math: boolean, depth: number, until: Until): string {
    const { src } = this;
    const n = src.length;
    const stops = math ? STOPS_MATH : STOPS_TEXT;
    let out = '';
    while (this.pos < n) {
      const start = this.pos;
      let i = start;
      for (; i < n; i++) {
        const c = src.charCodeAt(i);
        // a single hyphen is text: only `--` stops
        if (c < 128 && stops[c] === 1 && (c !== 45 || src.charCodeAt(i + 1) === 45)) break;
      }
      if (i > start) {
        out += src.slice(start, i);
        this.pos = i;
        continue;
      }
      const c = src.charCodeAt(i);
      if (c === 125 /* } */) {
        this.pos++;
        if (until === Until.Brace) return out;
      } else if (c === 123 /* { */) {
        this.pos++;
        if (depth < MAX_DEPTH) out += this.group(math, depth, i);
      } else if (c === 36 /* $ */) {
        if (i === this.strayDollar) this.pos++;
        else if (math) {
          if (until === Until.Dollar || until === Until.Dollars) {
            this.pos += until === Until.Dollars && src.charCodeAt(i + 1) === 36 ? 2 : 1;
            return out;
          }
          if (until === Until.Brace) return out;
          this.pos++;
        } else out += this.math(depth);
      } else if (c === 92 /* \ */) {
        const next = src.charCodeAt(i + 1);
        if (next === 41 /* ) */ || next === 93 /* ] */) {
          if (math && until === (next === 41 ? Until.Paren : Until.Bracket)) {
            this.pos += 2;
            return out;
          }
          if (math && until === Until.Brace) return out;
          this.pos += 2;
        } else if ((next === 40 /* ( */ || next === 91) /* [ */ && !math) {
          this.pos += 2;
          if (depth < MAX_DEPTH) out += this.sequence(true, depth + 1, next === 40 ? Until.Paren : Until.Bracket);
        } else {
          const text = this.command(math, depth);
          // a word a command gives in math (`\log`, `\max`, `\text{ms}`) parts from the word before it, as TeX
          // sets it apart: `n\log n` is "n log n", not the new word "nlog"
          const glued = math && isLetter(text.charCodeAt(0)) && LETTER_OR_DIGIT.test(out.slice(-1));
          out += glued ? ` ${text}` : text;
        }
      } else if (c === 126 /* ~ */) {
        this.pos++;
        out += ' ';
      } else if (c === 45 /* - */) {
        const em = src.charCodeAt(i + 2) === 45;
        this.pos += em ? 3 : 2;
        out += em ? '—' : '–';
      } else {
        // ^ or _ in math
        this.pos++;
        out += this.script(c === 94 ? SUPERSCRIPTS : SUBSCRIPTS, c === 94 ? '^' : '_', this.argument(true, depth));
      }
    }
    return out;
  }

  /**
   * A group that is no command's argument, its `{` at `open`. Glued to a word, it is the argument of a command
   * whose backslash a pipeline stripped (Daily Papers dumps have `mathcal{O}left(`): its braces part words, as
   * they did before decoding, unless it holds an accent (`Schr{\"o}dinger`, `Schr{ö}dinger`).
   */
  private group(math: boolean, depth: number, open: number): string {
    const { src } = this;
    const before = open > 0 ? src.charCodeAt(open - 1) : 32;
    const glued = (before === 125 || (before < 128 && isWordCharacter(before))) && src.charCodeAt(open + 1) !== 92;
    const text = this.sequence(math, depth + 1, Until.Brace);
    if (!glued || text === '' || (text.length === 1 && text.charCodeAt(0) >= 128)) return text;
    return isWordCharacter(src.charCodeAt(this.pos)) ? ` ${text} ` : ` ${text}`;
  }

  /** Math opened by `$` or `$$` at pos. */
  private math(depth: number): string {
    const display = this.src.charCodeAt(this.pos + 1) === 36;
    this.pos += display ? 2 : 1;
    return depth < MAX_DEPTH ? this.sequence(true, depth + 1, display ? Until.Dollars : Until.Dollar) : '';
  }

  /** The command at pos (a backslash): what it stands for, its arguments read. */
  private command(math: boolean, depth: number): string {
    const { src } = this;
    const at = this.pos + 1;
    if (at >= src.length) {
      this.pos = at;
      return '';
    }
    const c = src.charCodeAt(at);
    if (!isLetter(c)) {
      this.pos = at + 1;
      return this.controlSymbol(src[at], math, depth);
    }
    let end = at + 1;
    while (end < src.length && isLetter(src.charCodeAt(end))) end++;
    const name = src.slice(at, end);
    this.pos = end;
    const letter = LETTER_SYMBOLS.get(name);
    if (letter !== undefined) {
      if (!math) this.skipSpaces();
      return letter;
    }
    const symbol = SYMBOLS.get(name);
    if (symbol !== undefined) return symbol;
    const macro = MACROS.get(name);
    if (macro === undefined) {
      // dropped, and the spaces after it with it, as LaTeX reads them: `{\em word}` is "word"
      if (!math) this.skipSpaces();
      return '';
    }
    if (src.charCodeAt(this.pos) === 42 /* * */) this.pos++;
    return this.macro(macro, math, depth);
  }

  /** A backslash and one character that is not a letter. */
  private controlSymbol(ch: string, math: boolean, depth: number): string {
    const accent = ACCENTS.get(ch);
    if (accent !== undefined) return this.accent(this.argument(math, depth), accent);
    switch (ch) {
      case '%':
      case '&':
      case '_':
      case '#':
      case '$':
      case '{':
      case '}':
        return ch;
      case '\\':
      case ' ':
      case '\n':
      case '\t':
      case '\r':
      case ',':
      case ';':
      case ':':
      case '>':
        return ' ';
      case '|':
        return '‖';
      default:
        // an unknown control symbol goes whole; a character beyond ASCII after a stray backslash stays
        return ch.charCodeAt(0) < 128 ? '' : ch;
    }
  }

  private macro(macro: Macro, math: boolean, depth: number): string {
    switch (macro.kind) {
      case 'keep':
        return this.argument(macro.mode === undefined ? math : macro.mode === 'math', depth);
      case 'drop': {
        this.skipOptional();
        this.skipOptional();
        // `\begin{array}{rcl}`: the column layout is no text either
        if (TABLES.has(this.argument(math, depth)) && macro === BEGIN) {
          this.skipOptional();
          this.argument(math, depth);
        }
        return '';
      }
      case 'second': {
        const first = this.argument(math, depth);
        // a link whose text is missing (`\href{url}` with its braces misplaced) shows its address
        this.skipSpaces();
        if (this.src.charCodeAt(this.pos) === 123) return this.argument(false, depth);
        return macro === HREF ? first : '';
      }
      case 'frac': {
        const over = this.argument(true, depth);
        const under = this.argument(true, depth);
        return over || under ? `${unit(over)}/${unit(under)}` : '';
      }
      case 'binom': {
        const top = this.argument(true, depth);
        return `C(${top}, ${this.argument(true, depth)})`;
      }
      case 'sqrt':
        this.skipOptional();
        return `√${unit(this.argument(true, depth))}`;
      case 'blackboard': {
        const letter = this.argument(true, depth);
        return BLACKBOARD.get(letter) ?? letter;
      }
      case 'delimiter':
        // `\left.` is an invisible delimiter
        if (this.src.charCodeAt(this.pos) === 46) this.pos++;
        return '';
      case 'script':
        return this.script(macro.table, macro.sign, this.argument(math, depth));
      case 'accent':
        return this.accent(this.argument(math, depth), macro.mark);
      case 'mathAccent': {
        const base = this.argument(true, depth);
        return base.length === 1 || (base.length === 2 && base.codePointAt(0)! > 0xffff)
          ? this.accent(base, macro.mark)
          : base;
      }
    }
  }

  /**
   * A command's argument: a braced group, a command, or one character, after any spaces. Nothing at the end of
   * a group or of math (the closer is left for its reader), or too deep.
   */
  private argument(math: boolean, depth: number): string {
    if (depth >= MAX_DEPTH) return '';
    this.skipSpaces();
    const { src } = this;
    if (this.pos >= src.length) return '';
    const c = src.charCodeAt(this.pos);
    if (c === 123) {
      this.pos++;
      return this.sequence(math, depth + 1, Until.Brace);
    }
    if (c === 92) return this.command(math, depth + 1);
    if (c === 125 || c === 36) return '';
    const end = this.pos + (c >= 0xd800 && c <= 0xdbff ? 2 : 1);
    const ch = src.slice(this.pos, end);
    this.pos = end;
    return ch === '~' ? ' ' : ch;
  }

  /**
   * Base with the mark on its first character (a dotless ı or ȷ takes the dot back), composed. A mark that
   * composes with nothing (`\b g`, `\vec{v}`) is left out: alone it would split the word for the tokenizer.
   */
  private accent(base: string, mark: string): string {
    if (base === '' || isSpace(base.charCodeAt(0))) return base;
    const first = base.codePointAt(0)!;
    const len = first > 0xffff ? 2 : 1;
    const letter = first === 0x131 ? 'i' : first === 0x237 ? 'j' : base.slice(0, len);
    const composed = (letter + mark).normalize('NFC');
    return (composed.length === 1 ? composed : letter) + base.slice(len);
  }

  /** A superscript or subscript: in script characters when each has one, else the sign and the text. */
  private script(table: ReadonlyMap<string, string>, sign: string, text: string): string {
    if (text === '') return '';
    let out = '';
    for (const ch of text) {
      const mapped = table.get(ch);
      if (mapped === undefined) return sign + unit(text);
      out += mapped;
    }
    return out;
  }

  private skipSpaces(): void {
    while (this.pos < this.src.length && isSpace(this.src.charCodeAt(this.pos))) this.pos++;
  }

  /** Skips `[...]` (at most MAX_OPTIONAL characters) after any spaces; leaves an unclosed `[` alone. */
  private skipOptional(): void {
    let i = this.pos;
    while (i < this.src.length && isSpace(this.src.charCodeAt(i))) i++;
    if (this.src.charCodeAt(i) !== 91) return;
    const limit = Math.min(this.src.length, i + MAX_OPTIONAL);
    for (let j = i + 1; j < limit; j++) {
      if (this.src.charCodeAt(j) === 93) {
        this.pos = j + 1;
        return;
      }
    }
  }
}

/** Text in parentheses when it is more than one word. */
function unit(text: string): string {
  return text.length > 1 && COMPOUND.test(text) ? `(${text})` : text;
}

/** The position of the last unescaped `$` when their count is odd, else -1. */
function strayDollar(src: string): number {
  let count = 0;
  let last = -1;
  for (let i = src.indexOf('$'), from = 0; i >= 0; i = src.indexOf('$', from)) {
    let slashes = 0;
    while (i - slashes - 1 >= 0 && src.charCodeAt(i - slashes - 1) === 92) slashes++;
    if (slashes % 2 === 0) {
      count++;
      last = i;
    }
    from = i + 1;
  }
  return count % 2 === 1 ? last : -1;
}
