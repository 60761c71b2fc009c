// How a run is judged, and the counts the fuzzer prints: cases and runs per input class, runs per outcome, and
// each failure with the way to run it again.
/** @typedef {import('./types.js').Run} Run */
/** @typedef {import('./types.js').FuzzOptions} FuzzOptions */
/** @typedef {{ cls?: string, caseNo?: number, ms: number, peakMb: number }} Where */

/**
 * A stack trace or a raw exception: `    at …` frames, a line that starts with an error's name (`TypeError: …`,
 * `Error [ERR_X]: …`), the CLI's "internal error", V8's fatal errors. The product's own reports are
 * `file:line: message` or `papers <command>: message`, which start with neither.
 */
const TRACE = [
  /^\s+at \S/,
  /^\s*\w*Error(?: \[\w+\])?:/,
  /internal error/,
  /^\s*(?:FATAL ERROR|Uncaught|<--- Last few GCs)/,
];

/**
 * What went wrong in one run, as short labels (empty when nothing did).
 * @param {import('./types.js').ChildResult} result
 * @param {FuzzOptions} o
 */
export function failuresOf(result, o) {
  /** @type {string[]} */
  const problems = [];
  if (result.stopped === 'timeout') problems.push(`hang (killed after ${o.timeout} s)`);
  else if (result.stopped === 'memory') problems.push(`memory (over ${o.maxRss} MB, killed)`);
  else if (result.signal) problems.push(`signal ${result.signal}`);
  else if (!(/** @type {(number | null)[]} */ ([0, 1, 2]).includes(result.code))) problems.push(`exit ${result.code}`);
  if (!result.stopped && result.peakMb > o.maxRss) problems.push(`memory (peak ${result.peakMb} MB)`);
  const trace = result.stderr.split('\n').find((line) => TRACE.some((re) => re.test(line)));
  if (trace !== undefined) problems.push(`stack-trace (${trace.trim().slice(0, 160)})`);
  return problems;
}

/**
 * The label a run is counted under: its first problem's kind, else `ok (exit N)`.
 * @param {Run} run
 */
const outcomeOf = (run) =>
  run.problems.length ? run.problems[0].replace(/ \(.*$/, '') : `ok (exit ${run.result.code})`;

export class Tally {
  constructor() {
    /** @type {Map<string, { cases: Set<number>, runs: number, failed: number, outcomes: Map<string, number> }>} */
    this.byClass = new Map();
    /** @type {Map<string, number>} */
    this.byOutcome = new Map();
    /** @type {{ cls: string, caseNo: number, args: string[], problems: string[], repro: string | undefined, peakMb: number }[]} */
    this.failures = [];
    /**
     * Cases whose input the fuzzer itself could not make (its bug): said apart from the product's failures.
     * @type {string[]}
     */
    this.generatorErrors = [];
    this.runs = 0;
    /** @type {Set<number>} */
    this.cases = new Set();
    /** The slowest run and the largest peak memory among the runs that passed: how close they come to the caps. */
    this.slowestOk = /** @type {Where} */ ({ ms: 0 });
    this.largestOk = /** @type {Where} */ ({ peakMb: 0 });
  }
  /**
   * @param {string} cls
   * @param {number} caseNo
   * @param {string[]} args
   * @param {Run} run
   * @param {string | undefined} repro
   */
  add(cls, caseNo, args, run, repro) {
    this.runs++;
    this.cases.add(caseNo);
    const row = this.byClass.get(cls) ?? { cases: new Set(), runs: 0, failed: 0, outcomes: new Map() };
    row.cases.add(caseNo);
    row.runs++;
    const outcome = outcomeOf(run);
    row.outcomes.set(outcome, (row.outcomes.get(outcome) ?? 0) + 1);
    this.byClass.set(cls, row);
    this.byOutcome.set(outcome, (this.byOutcome.get(outcome) ?? 0) + 1);
    const where = { cls, caseNo, ms: run.result.ms, peakMb: run.result.peakMb };
    if (!run.problems.length && where.ms > this.slowestOk.ms) this.slowestOk = where;
    if (!run.problems.length && where.peakMb > this.largestOk.peakMb) this.largestOk = where;
    if (run.problems.length) {
      row.failed++;
      this.failures.push({ cls, caseNo, args, problems: run.problems, repro, peakMb: run.result.peakMb });
    }
  }
}

/** @param {string[]} args */
const printable = (args) =>
  args.map((a) =>
    a.length > 40 ? `${JSON.stringify(a.slice(0, 37))}…` : /[\s"'\\]|^$/.test(a) ? JSON.stringify(a) : a,
  );

/**
 * @param {Tally} tally
 * @param {FuzzOptions} o
 * @param {number} ms
 */
export function printSummary(tally, o, ms) {
  const out = [];
  const minutes = ms / 60_000;
  out.push(
    `\nfuzz: seed ${o.seed}: ${tally.cases.size} cases, ${tally.runs} runs in ${(ms / 1000).toFixed(0)} s ` +
      `(${(tally.runs / minutes).toFixed(0)} runs/min), ${tally.failures.length} failed`,
  );
  const { slowestOk: slow, largestOk: large } = tally;
  out.push(
    `slowest passing run: ${slow.ms} ms (case ${slow.caseNo}, ${slow.cls}); largest peak: ${large.peakMb} MB (case ${large.caseNo}, ${large.cls})`,
  );
  out.push('\nper class            cases  runs  failed  outcomes');
  for (const [cls, row] of [...tally.byClass].sort()) {
    const outcomes = [...row.outcomes].map(([k, v]) => `${k}: ${v}`).join(', ');
    out.push(
      `  ${cls.padEnd(18)} ${String(row.cases.size).padStart(5)} ${String(row.runs).padStart(5)} ${String(row.failed).padStart(7)}  ${outcomes}`,
    );
  }
  out.push('\nper outcome');
  for (const [outcome, n] of [...tally.byOutcome].sort()) out.push(`  ${outcome.padEnd(24)} ${n}`);
  if (tally.failures.length) out.push('\nfailures');
  for (const f of tally.failures) {
    out.push(`  case ${f.caseNo} [${f.cls}] papers ${printable(f.args).join(' ')}`);
    out.push(`    ${f.problems.join('; ')}`);
    out.push(`    again: npm run fuzz -- --seed ${o.seed} --case ${f.caseNo}   reproducer: ${f.repro}`);
  }
  process.stdout.write(`${out.join('\n')}\n`);
}
