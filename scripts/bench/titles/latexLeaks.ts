/**
 * `npm run bench -- latex [count]`: LaTeX that leaks into what the analysis derives from real abstracts. The
 * first `count` (default 20,000) cs abstracts of the dev corpus (../shared/real or $PAPERS_REAL_DIR; see its
 * README) get their titles and keywords twice in one run: from the abstract as the file gives it (before the
 * decoder) and from the decoded text (what paperText gives the analysis now). Prints the share of titles and
 * keywords with raw LaTeX, how many abstracts write accents as commands, and what decoding costs. Then the first
 * `count` abstracts of the whole dump (every field), decoded, keyworded as the analysis does: how many keywords
 * hold a piece of a formula, and the CPU time of keywordsForCorpus.
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { decodeLatex } from '../../../src/core/common';
import { keywordsForCorpus } from '../../../src/core/keywords';
import { deriveTitle } from '../../../src/core/titles';
import { LATEX_LEAK as LEAK } from '../../lib/titleFigures';
import { readRealAbstracts, realCorpusDir } from '../common/realCorpus';

const root = resolve(__dirname, '..', '..', '..');

/** An accent written as a command: `\"o`, `\'{e}`, `\v{s}`, `\c c`, `\ss`, `\o`. */
const ACCENT_COMMAND =
  /\\['"`^~=.]\s*[{\\]?[A-Za-z]|\\[uvHcdbrkt](?:\{|\s+[A-Za-z])|\\(?:ss|o|O|aa|AA|ae|AE|oe|OE|l|L)(?![A-Za-z])/;

function csAbstracts(dir: string, count: number): string[] {
  const lines = gunzipSync(readFileSync(join(dir, 'arxiv-dev-80k.txt.gz')))
    .toString('utf8')
    .split('\n');
  const out: string[] = [];
  for (const row of gunzipSync(readFileSync(join(dir, 'arxiv-dev-80k.jsonl.gz')))
    .toString('utf8')
    .split('\n')) {
    if (out.length >= count) break;
    if (row.trim() === '') continue;
    const meta = JSON.parse(row) as { line: number; primary: string };
    if (meta.primary.startsWith('cs.')) out.push(lines[meta.line - 1]);
  }
  return out;
}

/**
 * A character of a formula, by Unicode block and category rather than by the decoder's own tables (so the count
 * can show what they miss): a math symbol, a superscript or subscript (Latin-1's ¹²³, the Superscripts and
 * Subscripts block, the modifier letters of the Spacing Modifier Letters and Phonetic Extensions blocks) or a
 * letterlike symbol (ℝ, ℓ).
 */
const FORMULA_PIECE =
  /[\p{Sm}\u00b2\u00b3\u00b9\u02b0-\u02ff\u1d2c-\u1d6a\u1d9b-\u1dbf\u2070-\u209f\u2c7c\u2c7d\u2100-\u214f]/u;

const pct = (a: number, b: number) => `${((100 * a) / Math.max(b, 1)).toFixed(2)}%`;

/**
 * The words an accent command makes (Schrödinger), by abstract: the decoded words with a letter beyond ASCII that
 * the raw abstract does not hold as they are.
 */
function accentedWords(raw: string[], decoded: string[]): string[][] {
  return decoded.map((d, i) =>
    ACCENT_COMMAND.test(raw[i])
      ? [...new Set(d.match(/[\p{L}\p{M}]*(?=\p{L})[\u00c0-\u024f\u1e00-\u1eff][\p{L}\p{M}]*/gu) ?? [])]
          .filter((w) => /\p{L}{3}/u.test(w) && !raw[i].includes(w))
          .map((w) => w.toLowerCase())
      : [],
  );
}

/** A word of a title or keyword that is a piece of an accented word ("odinger", "lder"): its accent was lost. */
function lostAccent(text: string, accented: string[]): boolean {
  if (accented.length === 0) return false;
  return text
    .toLowerCase()
    .split(/[^\p{L}\p{M}]+/u)
    .some((w) => w.length >= 3 && /^[a-z]+$/.test(w) && accented.some((a) => a.includes(w)));
}

function leaks(texts: string[], accented: string[][]) {
  const titles = texts.map((t) => deriveTitle(t).title);
  const keywords = keywordsForCorpus(texts);
  const leakyTitles = titles.filter((t) => LEAK.test(t));
  const allKeywords = keywords.flat();
  return {
    titles,
    leakyTitles,
    keywords: allKeywords.length,
    leakyKeywords: allKeywords.filter((k) => LEAK.test(k)),
    lostAccents: [
      ...titles.filter((t, i) => lostAccent(t, accented[i])),
      ...keywords.flatMap((ks, i) => ks.filter((k) => lostAccent(k, accented[i]))),
    ],
  };
}

function main(): void {
  const count = Number(process.argv[2] ?? 20_000);
  const dir = realCorpusDir(root);
  if (!dir) {
    console.log('skipped: no real dev corpus (arxiv-dev-80k.txt.gz in ../shared/real or $PAPERS_REAL_DIR)');
    return;
  }
  const raw = csAbstracts(dir, count);
  let t = performance.now();
  const decoded = raw.map(decodeLatex);
  const decodeMs = performance.now() - t;
  t = performance.now();
  for (const a of raw) decodeLatex(a);
  const againMs = performance.now() - t;
  const changed = decoded.filter((d, i) => d !== raw[i]).length;
  const accented = accentedWords(raw, decoded);
  const before = leaks(raw, accented);
  const after = leaks(decoded, accented);
  const n = raw.length;
  console.log(`${n} cs abstracts of the dev corpus; ${changed} (${pct(changed, n)}) have LaTeX the decoder changes`);
  console.log(`abstracts with an accent written as a command: ${raw.filter((a) => ACCENT_COMMAND.test(a)).length}`);
  console.log(`decoding all of them: ${decodeMs.toFixed(0)} ms cold, ${againMs.toFixed(0)} ms warm\n`);
  console.log(
    '| text the analysis reads | titles with raw LaTeX | keywords with raw LaTeX | titles and keywords with an accent lost |',
  );
  console.log('|---|---|---|---|');
  for (const [name, r] of [
    ['as the file gives it (before)', before],
    ['decoded (now)', after],
  ] as const) {
    console.log(
      `| ${name} | ${r.leakyTitles.length} / ${n} = ${pct(r.leakyTitles.length, n)} | ` +
        `${r.leakyKeywords.length} / ${r.keywords} = ${pct(r.leakyKeywords.length, r.keywords)} | ${r.lostAccents.length} |`,
    );
  }
  const show = (label: string, xs: string[]) =>
    xs.length && console.log(`\n${label}:\n  ${xs.slice(0, 12).join('\n  ')}`);
  show('titles with raw LaTeX, before (first 12)', before.leakyTitles);
  show('titles with raw LaTeX, now', after.leakyTitles);
  show('keywords with raw LaTeX, now', after.leakyKeywords);
  show('titles and keywords with an accent lost, before', before.lostAccents);
  show('titles and keywords with an accent lost, now', after.lostAccents);
  const titleChanged = after.titles.filter((x, i) => x !== before.titles[i]).length;
  console.log(`\ntitles that changed: ${titleChanged} (${pct(titleChanged, n)})`);
  formulaKeywords(dir, count);
}

/** Keywords of the first `count` abstracts of the dump, decoded: how many hold a piece of a formula, and their CPU time. */
function formulaKeywords(dir: string, count: number): void {
  const texts = readRealAbstracts(dir).slice(0, count).map(decodeLatex);
  const cpu = process.cpuUsage();
  const t = performance.now();
  const keywords = keywordsForCorpus(texts).flat();
  const wallMs = performance.now() - t;
  const used = process.cpuUsage(cpu);
  const pieces = keywords.filter((k) => FORMULA_PIECE.test(k));
  const counts = new Map<string, number>();
  for (const k of pieces) counts.set(k, (counts.get(k) ?? 0) + 1);
  const top = [...counts].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).slice(0, 20);
  console.log(`\nthe first ${texts.length} abstracts of the dump (every field), decoded:`);
  console.log(
    `keywords holding a piece of a formula: ${pieces.length} / ${keywords.length} = ${pct(pieces.length, keywords.length)}`,
  );
  if (top.length) console.log(`  most frequent: ${top.map(([k, n]) => `${k} (${n})`).join(', ')}`);
  console.log(
    `keywordsForCorpus: ${wallMs.toFixed(0)} ms wall, ${((used.user + used.system) / 1000).toFixed(0)} ms CPU`,
  );
}

main();
