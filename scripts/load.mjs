// Puts the machine under CPU load, so the test suites can be run as they run on a busy CI machine (issue 18:
// tests that passed on a quiet machine timed out with the CPU taken).
//
//   node scripts/load.mjs -- <command...>   runs the command with the burners beside it, stops them after;
//                                           exits with the command's exit code
//   node scripts/load.mjs start             starts the burners and leaves them running (their pids in a file)
//   node scripts/load.mjs stop              stops the burners `start` left
//
// `--procs N` (before `--` or the verb) sets how many CPU-bound processes run (default 2, one per core of the
// 2-core machines the suites are tuned on). Each burner is a `node` process spinning in a loop at normal priority.
// Only the processes this script started are stopped, by their pid.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const PID_FILE = join(tmpdir(), `papers-load-${process.getuid?.() ?? 'user'}.json`);
const BURN = 'for(;;){for(let i=0;i<1e7;i++);}';

/** @param {string[]} argv */
function parse(argv) {
  let procs = 2;
  const rest = [...argv];
  while (rest.length && rest[0] !== '--') {
    const a = rest.shift();
    if (a === '--procs') procs = Number(rest.shift());
    else if (a === 'start' || a === 'stop') return { verb: a, procs, command: [] };
    else usage(`unknown argument "${a}"`);
  }
  if (!Number.isInteger(procs) || procs < 1) usage('--procs takes a whole number ≥ 1');
  rest.shift();
  if (rest.length === 0) usage('give a command after --');
  return { verb: 'run', procs, command: rest };
}

/**
 * @param {string} problem
 * @returns {never}
 */
function usage(problem) {
  process.stderr.write(`load: ${problem}\nusage: node scripts/load.mjs [--procs N] -- <command...> | start | stop\n`);
  process.exit(2);
}

/**
 * @param {number} procs
 * @param {boolean} detached
 */
function startBurners(procs, detached) {
  const burners = [];
  for (let i = 0; i < procs; i++) {
    const child = spawn(process.execPath, ['-e', BURN], { stdio: 'ignore', detached });
    if (detached) child.unref();
    burners.push(child);
  }
  return burners;
}

/** @param {number} pid */
function stopPid(pid) {
  try {
    process.kill(pid, 'SIGKILL');
  } catch {
    // already gone
  }
}

/** The pids `start` wrote, still running a burner (a pid reused by another program is left alone). */
function savedBurners() {
  if (!existsSync(PID_FILE)) return [];
  /** @type {number[]} */
  const pids = JSON.parse(readFileSync(PID_FILE, 'utf8'));
  return pids.filter((pid) => {
    try {
      return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(BURN);
    } catch {
      return false;
    }
  });
}

const { verb, procs, command } = parse(process.argv.slice(2));
if (verb === 'start') {
  const pids = [...savedBurners(), ...startBurners(procs, true).map((c) => /** @type {number} */ (c.pid))];
  writeFileSync(PID_FILE, JSON.stringify(pids));
  process.stdout.write(`load: ${pids.length} CPU-bound processes running (${pids.join(' ')}); stop with "stop"\n`);
} else if (verb === 'stop') {
  const pids = savedBurners();
  pids.forEach(stopPid);
  rmSync(PID_FILE, { force: true });
  process.stdout.write(`load: stopped ${pids.length} processes\n`);
} else {
  const burners = startBurners(procs, false);
  const stop = () => burners.forEach((b) => stopPid(/** @type {number} */ (b.pid)));
  process.stdout.write(`load: ${procs} CPU-bound processes beside: ${command.join(' ')}\n`);
  const started = Date.now();
  const run = spawn(command[0], command.slice(1), { stdio: 'inherit', shell: process.platform === 'win32' });
  for (const signal of /** @type {const} */ (['SIGINT', 'SIGTERM'])) process.on(signal, () => run.kill(signal));
  run.on('error', (err) => {
    stop();
    process.stderr.write(`load: cannot run ${command[0]}: ${err.message}\n`);
    process.exit(127);
  });
  run.on('exit', (code, signal) => {
    stop();
    const seconds = ((Date.now() - started) / 1000).toFixed(0);
    process.stdout.write(`load: ${command.join(' ')} ended (${signal ?? `exit ${code}`}) after ${seconds} s\n`);
    process.exit(code ?? 1);
  });
}
