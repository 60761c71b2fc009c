// Input classes that are not file contents: special files, crafted `.vscode/settings.json` and `.papers/` files,
// and command lines. Each class takes the case's PRNG and a Place (where to put things) and returns the commands
// to run in the workspace. Hostile paths aim at the victim folder beside the workspace, which the runner
// watches: a write or a change there is a failure.
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
/** @typedef {import('./prng.mjs').Random} Random */
/** @typedef {import('../../test/vscode/types.js').Locator} Locator */

/** The id of the first paper of test/fixtures/formats/quasars.bib, which the workspace cases copy as good.bib. */
export const GOOD_PAPER = 'b462a8182acd';
/** Keys that mean something to a plain object: ids, keys and field names a file may use to confuse a map. */
export const PROTO_KEYS = ['__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty', 'valueOf'];
const HOSTILE_PATHS = [
  '../victim/id_rsa',
  '../../victim/settings',
  '../../../victim/settings',
  '/etc/hostname',
  '..',
  '.papers/links/../../../victim/x',
  'a\u0000b',
  '',
  'C:\\victim\\x',
  '%2e%2e/victim',
];
const LINKS = '.papers/links';

/** Where a case builds its input: the workspace (`ws`, the commands' cwd) and the watched victim folder beside it. */
export class Place {
  /**
   * @param {string} ws
   * @param {string} victim
   */
  constructor(ws, victim) {
    this.ws = ws;
    this.victim = victim;
  }
  /** @param {string} rel */
  path(rel) {
    return join(this.ws, rel);
  }
  /**
   * @param {string} rel
   * @param {string | Uint8Array} data
   */
  file(rel, data) {
    mkdirSync(dirname(this.path(rel)), { recursive: true });
    writeFileSync(this.path(rel), data);
  }
  /** @param {string} rel */
  dir(rel) {
    mkdirSync(this.path(rel), { recursive: true });
  }
  /**
   * @param {string} rel
   * @param {Locator} target
   */
  link(rel, target) {
    mkdirSync(dirname(this.path(rel)), { recursive: true });
    symlinkSync(target, this.path(rel));
  }
  /** @param {string} rel */
  fifo(rel) {
    mkdirSync(dirname(this.path(rel)), { recursive: true });
    spawnSync('mkfifo', [this.path(rel)]);
  }
  /**
   * A Unix socket file, when python3 is there to bind one (Node removes its socket files on close).
   * @param {string} rel
   */
  socket(rel) {
    mkdirSync(dirname(this.path(rel)), { recursive: true });
    const bind = 'import socket,sys;socket.socket(socket.AF_UNIX).bind(sys.argv[1])';
    spawnSync('python3', ['-c', bind, this.path(rel)]);
  }
}

/**
 * One special file of a random kind at `rel`; the kinds that collection and links files have been found as.
 * @param {Random} r
 * @param {Place} place
 * @param {string} rel
 */
function specialFile(r, place, rel) {
  const kind = r.pick([
    'dir',
    'fifo',
    'zero',
    'urandom',
    'loop',
    'dangling',
    'socket',
    'outside',
    'unreadable',
    'null',
  ]);
  if (kind === 'dir') place.dir(rel);
  else if (kind === 'fifo') place.fifo(rel);
  else if (kind === 'zero') place.link(rel, '/dev/zero');
  else if (kind === 'urandom') place.link(rel, '/dev/urandom');
  else if (kind === 'null') place.link(rel, '/dev/null');
  else if (kind === 'loop') {
    place.link(rel, `${rel.split('/').pop()}.other`);
    place.link(`${rel}.other`, rel.split('/').pop());
  } else if (kind === 'dangling') place.link(rel, 'no-such-file');
  else if (kind === 'socket') place.socket(rel);
  else if (kind === 'outside') place.link(rel, join(place.victim, 'id_rsa'));
  else {
    place.file(rel, 'Daily Papers\n\nAn unreadable abstract.\n');
    chmodSync(place.path(rel), 0);
  }
  return kind;
}

/**
 * @param {Random} r
 * @param {string[]} files
 */
export const collectionCommands = (r, files) =>
  r.pick([
    [['analyze', ...files]],
    [['analyze', ...files, '--json']],
    [['search', ...files, '--query', r.pick(['quasar', 'network', '-is:read', 'theme:constructor'])]],
    [['export', ...files, '--format', r.pick(['bibtex', 'json', 'markdown'])]],
  ]);

/**
 * A collection path that is a directory, FIFO, device, socket, symlink loop… given beside a good file.
 * @param {Random} r
 * @param {Place} place
 */
function specialCollection(r, place) {
  const name = `c.${r.pick(['txt', 'bib', 'json', 'jsonl', 'xml'])}`;
  specialFile(r, place, name);
  place.file('good.bib', GOOD_BIB());
  if (r.chance(0.3)) {
    place.file('.vscode/settings.json', JSON.stringify({ 'papers.collections': [name, 'good.bib'] }));
    return [['links']];
  }
  return collectionCommands(r, r.chance(0.5) ? [name, 'good.bib'] : [name]);
}

/**
 * `.vscode/settings.json` as a directory, FIFO or device, or naming paths and globs outside the workspace.
 * @param {Random} r
 * @param {Place} place
 */
function settingsFile(r, place) {
  place.file('good.bib', GOOD_BIB());
  const settings = '.vscode/settings.json';
  const shape = r.int(0, 3);
  if (shape === 0) specialFile(r, place, settings);
  else if (shape === 1) {
    const entry = r.pick([
      '../victim/*',
      join(place.victim, 'id_rsa'),
      '**/*',
      '{a,b}*',
      '[',
      '*'.repeat(r.size(1, 5000)),
      '/dev/zero',
      '../**',
      ...PROTO_KEYS,
    ]);
    place.file(settings, JSON.stringify({ 'papers.collections': [entry, 'good.bib'] }));
    if (r.chance(0.5)) specialFile(r, place, `sub/${r.pick(['a.txt', 'deep/b.bib', 'x'])}`);
  } else if (shape === 2) {
    const value = r.pick([{}, 'good.bib', 1, null, [1, null, {}], { __proto__: ['x'] }, ['good.bib', '']]);
    // the notes folder `papers foryou` reads notes from: paths that lead out, special files, odd values
    const notes = r.pick(['../victim', place.victim, 'notes/../..', '/dev', 'x'.repeat(r.size(1, 5000)), 1, null]);
    place.file(
      settings,
      `{ // comment\n "papers.collections": ${JSON.stringify(value)}, "papers.notesFolder": ${JSON.stringify(notes)}, }`,
    );
  } else
    place.file(
      settings,
      r.pick(['{', '{"papers.collections": [', '\u0000', '[]', `${'['.repeat(r.size(1, 100_000))}`]),
    );
  return r.pick([
    [['links']],
    [['links', '--json', '--check']],
    [['link', GOOD_PAPER, 'good.bib:1-2']],
    [['foryou', '--json']],
  ]);
}

/**
 * A link as the product writes it, with some fields made hostile.
 * @param {Random} r
 * @param {number} i
 */
function hostileLink(r, i) {
  /** @type {Record<string, unknown>} a link's fields, any of which may be made hostile */
  const link = {
    id: `${i.toString(16).padStart(12, '0')}`,
    paper: GOOD_PAPER,
    file: 'good.bib',
    range: { startLine: 1, startCharacter: 0, endLine: 2, endCharacter: 0 },
    anchor: { text: '@string{aj = "The Astronomical Journal"}\n', before: '', after: '' },
    created: '2026-01-01T00:00:00.000Z',
  };
  const field = r.pick(['paper', 'file', 'range', 'anchor', 'id', 'proto', 'none']);
  if (field === 'paper') link.paper = r.pick(HOSTILE_PATHS);
  else if (field === 'file') link.file = r.pick(HOSTILE_PATHS);
  else if (field === 'range')
    link.range = r.pick([null, {}, 'x', { startLine: -1, startCharacter: 0, endLine: 1e12, endCharacter: 1e300 }]);
  else if (field === 'anchor')
    link.anchor = r.pick([null, [], { text: 'x'.repeat(r.size(1, 1_000_000)), before: '', after: '' }]);
  else if (field === 'id') link.id = r.pick(HOSTILE_PATHS);
  else if (field === 'proto') link[r.pick(PROTO_KEYS)] = { polluted: true };
  return link;
}

/**
 * `.papers/links/`: hostile link fields, a flood of links, special files named like link files, `.papers` elsewhere.
 * @param {Random} r
 * @param {Place} place
 */
function linksFolder(r, place) {
  place.file('good.bib', GOOD_BIB());
  place.file('.vscode/settings.json', JSON.stringify({ 'papers.collections': ['good.bib'] }));
  const name = `${LINKS}/${r.pick([GOOD_PAPER, 'abcdef', '0123456789abcdef'])}.json`;
  const shape = r.int(0, 4);
  if (shape === 0) {
    const links = Array.from({ length: r.int(1, 5) }, (_, i) => hostileLink(r, i));
    place.file(name, JSON.stringify(links, null, 2));
  } else if (shape === 1) {
    const n = r.size(1000, 200_000);
    const one = JSON.stringify(hostileLink(r, 1));
    place.file(name, `[${Array.from({ length: n }, () => one).join(',')}]`);
  } else if (shape === 2) specialFile(r, place, name);
  else if (shape === 3) {
    if (r.chance(0.5)) place.file(LINKS, 'not a folder');
    else specialFile(r, place, r.pick([LINKS, '.papers']));
  } else {
    // `.papers` (or its links folder) a symlink into the victim folder: anything written there lands outside
    mkdirSync(join(place.victim, 'dotpapers', 'links'), { recursive: true });
    place.link(
      r.chance(0.5) ? '.papers' : '.papers/links',
      join(place.victim, 'dotpapers', r.chance(0.5) ? '' : 'links'),
    );
  }
  return r.pick([
    [['links']],
    [['links', '--json', '--check']],
    [['link', GOOD_PAPER, 'good.bib:1-2', '--note', r.word()]],
    [['links'], ['link', GOOD_PAPER, `${r.pick(HOSTILE_PATHS)}:1-1`]],
  ]);
}

/**
 * BibTeX keys and link arguments that look like paths, through `papers link` (which writes).
 * @param {Random} r
 * @param {Place} place
 */
function linkArguments(r, place) {
  const key = r.pick(HOSTILE_PATHS.filter((p) => p && !/[\u0000\\%]/.test(p)));
  place.file('hostile.bib', `@misc{${key}, title = {Hostile}, abstract = {${r.abstract(20)}}}\n${GOOD_BIB()}`);
  place.file('.vscode/settings.json', JSON.stringify({ 'papers.collections': ['hostile.bib'] }));
  place.file('code.py', 'a = 1\nb = 2\n');
  const paper = r.pick([key, GOOD_PAPER, GOOD_PAPER.slice(0, 4), '', '-x', ...PROTO_KEYS]);
  const where = r.pick([
    'code.py:1-2',
    `${r.pick(HOSTILE_PATHS)}:1-2`,
    'code.py:0-0',
    'code.py:2-1',
    'code.py:1-99999999999',
  ]);
  return [
    ['link', paper, where],
    ['links', '--json'],
  ];
}

/**
 * Option values that start with `-`, filter words naming prototype keys, odd limits and notes folders.
 * @param {Random} r
 * @param {Place} place
 */
function commandLines(r, place) {
  place.file('good.bib', GOOD_BIB());
  const query = r.pick([
    '-is:read',
    '--',
    '-',
    `theme:${r.pick(PROTO_KEYS)}`,
    `collection:${r.pick(PROTO_KEYS)}`,
    '"',
    '(',
    '*',
    'a'.repeat(r.size(1, 100_000)),
    '\u0000',
    'tag:x is:starred',
    r.word(),
  ]);
  const notes = r.pick(['notes', 'missing', 'fifo', 'zero', '../victim']);
  if (notes === 'notes') place.file('notes/b462a8182acd.md', `# x\n\n${r.word()}\n`);
  else if (notes === 'fifo') specialFile(r, place, 'fifo');
  else if (notes === 'zero') place.link('zero', '/dev/zero');
  return r.pick([
    [['search', 'good.bib', '--query', query]],
    [['search', 'good.bib', `--query=${query}`, '--limit', r.pick(['0', '-1', '1e309', 'x', '99999999999'])]],
    [['export', 'good.bib', '--notes', notes, '--format', r.pick(['json', 'markdown', 'x', '-'])]],
    [['analyze', 'good.bib', '--related', r.pick(['-1', '1e9', '99999999', 'x'])]],
    [[r.pick(['help', 'nope', '--help', '-h', '']), r.word()]],
  ]);
}

let goodBib;
/** The test fixture every workspace case loads beside its hostile input. */
export const GOOD_BIB = () => (goodBib ??= readFileSync('test/fixtures/formats/quasars.bib', 'utf8'));

/** Every workspace class, by name. */
export const WORKSPACE_CLASSES = {
  'special-file': specialCollection,
  'settings-json': settingsFile,
  'links-folder': linksFolder,
  'link-arguments': linkArguments,
  'command-line': commandLines,
};
