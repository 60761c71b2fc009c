// One run of the product as a child process: a time limit (the whole process group is killed when it is up),
// a heap cap through node's --max-old-space-size, and the peak resident memory of the child and its descendants,
// sampled from /proc (a run over the cap is killed too: a read of /dev/zero grows outside the JS heap).
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';

const STDERR_KEPT = 1 << 20;
const SAMPLE_MS = 50;

/**
 * @param {string} status
 * @param {string} field
 */
function kb(status, field) {
  const m = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status);
  return m ? Number(m[1]) : 0;
}

/**
 * Resident memory (kB) of a process and its descendants now, and the largest peak any of them reports.
 * @param {number} pid
 */
function treeMemory(pid) {
  let rss = 0;
  let hwm = 0;
  const seen = new Set();
  /** @param {number} p */
  const visit = (p) => {
    if (seen.has(p)) return;
    seen.add(p);
    try {
      const status = readFileSync(`/proc/${p}/status`, 'utf8');
      rss += kb(status, 'VmRSS');
      hwm = Math.max(hwm, kb(status, 'VmHWM'));
      for (const line of readFileSync(`/proc/${p}/task/${p}/children`, 'utf8').split(' '))
        if (line) visit(Number(line));
    } catch {
      // ended meanwhile
    }
  };
  visit(pid);
  return { rss, hwm };
}

/**
 * Runs `node <nodeArgs…>` in `cwd`; resolves with how it ended: exit code or signal, whether it was stopped for
 * time or memory, its peak memory (MB), its stderr (the first MB) and how much it wrote on stdout.
 * @param {{ nodeArgs: string[], cwd: string, env: NodeJS.ProcessEnv, timeoutMs: number, maxRssMb: number }} options
 * @returns {Promise<import('./types.js').ChildResult>}
 */
export function runChild({ nodeArgs, cwd, env, timeoutMs, maxRssMb }) {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(process.execPath, nodeArgs, { cwd, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    let stdoutBytes = 0;
    let peakKb = 0;
    /** @type {import('./types.js').ChildResult['stopped']} */
    let stopped;
    child.stdout.on('data', (d) => (stdoutBytes += d.length));
    child.stderr.on('data', (d) => {
      if (stderr.length < STDERR_KEPT) stderr += d.toString('utf8');
    });
    /** @param {'timeout' | 'memory'} why */
    const stop = (why) => {
      stopped ??= why;
      try {
        process.kill(-(/** @type {number} */ (child.pid)), 'SIGKILL');
      } catch {
        // already ended
      }
    };
    const sampler = setInterval(() => {
      const { rss, hwm } = treeMemory(/** @type {number} */ (child.pid));
      peakKb = Math.max(peakKb, rss, hwm);
      if (peakKb > maxRssMb * 1024) stop('memory');
    }, SAMPLE_MS);
    const timer = setTimeout(() => stop('timeout'), timeoutMs);
    child.on('close', (code, signal) => {
      clearInterval(sampler);
      clearTimeout(timer);
      resolve({
        code,
        signal,
        stopped,
        peakMb: Math.round(peakKb / 1024),
        stderr,
        stdoutBytes,
        ms: Date.now() - started,
      });
    });
  });
}
