// What the runs may not touch: a snapshot of every entry of a folder (type, mode, size, time, content hash,
// symlink target; symlinks are not followed), compared before and after, so that a file written, changed,
// renamed or removed outside the workspace is caught; and a search of the workspace for the victim's secret,
// which only a read of a file outside the workspace (a link's `file`) followed by a write could have put there.
import { createHash } from 'node:crypto';
import { lstatSync, readdirSync, readFileSync, readlinkSync } from 'node:fs';
import { join } from 'node:path';

const HASHED_BYTES = 8 << 20;

/** @param {string} path */
function signature(path) {
  const st = lstatSync(path);
  const kind = st.isSymbolicLink() ? 'link' : st.isDirectory() ? 'dir' : st.isFile() ? 'file' : 'special';
  let content = '';
  if (kind === 'link') content = readlinkSync(path);
  else if (kind === 'file' && st.size <= HASHED_BYTES) {
    try {
      content = createHash('sha1').update(readFileSync(path)).digest('hex');
    } catch {
      content = 'unreadable';
    }
  }
  return `${kind} ${st.mode.toString(8)} ${kind === 'dir' ? '' : st.size} ${st.mtimeMs} ${content}`;
}

/**
 * Every entry under `dir` (relative path → signature); `skip` names entries of `dir` itself to leave out.
 * @param {string} dir
 * @param {Set<string>} [skip]
 * @param {Map<string, string>} [out]
 * @returns {Map<string, string>}
 */
export function snapshot(dir, skip = new Set(), out = new Map(), prefix = '') {
  let names;
  try {
    names = readdirSync(dir).sort();
  } catch {
    return out;
  }
  for (const name of names) {
    if (!prefix && skip.has(name)) continue;
    const path = join(dir, name);
    const rel = prefix + name;
    const sig = signature(path);
    out.set(rel, sig);
    if (sig.startsWith('dir ')) snapshot(path, skip, out, `${rel}/`);
  }
  return out;
}

/**
 * The entries added, removed or changed between two snapshots, as `+ path`, `- path`, `~ path`.
 * @param {Map<string, string>} before
 * @param {Map<string, string>} after
 */
export function changes(before, after) {
  const out = [];
  for (const [rel, sig] of after) {
    if (!before.has(rel)) out.push(`+ ${rel}`);
    else if (before.get(rel) !== sig) out.push(`~ ${rel}`);
  }
  for (const rel of before.keys()) if (!after.has(rel)) out.push(`- ${rel}`);
  return out;
}

/**
 * Regular files under `dir` (symlinks not followed) whose bytes hold `marker`.
 * @param {string} dir
 * @param {string} marker
 * @returns {string[]}
 */
export function filesHolding(dir, marker, prefix = '') {
  /** @type {string[]} */
  const found = [];
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return found;
  }
  for (const e of entries) {
    const path = join(dir, e.name);
    if (e.isDirectory()) found.push(...filesHolding(path, marker, `${prefix}${e.name}/`));
    else if (e.isFile()) {
      try {
        if (lstatSync(path).size <= HASHED_BYTES && readFileSync(path).includes(marker)) found.push(prefix + e.name);
      } catch {
        // unreadable: nothing written there by the run either
      }
    }
  }
  return found;
}
