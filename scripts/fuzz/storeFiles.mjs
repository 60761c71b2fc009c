// Crafted `.papers/` files for the stores harness (stores.ts): user data, theme corrections with prototype-key
// ids and floods of stale renames, links with hostile fields. Contents only: special files in `.papers/` go
// through the CLI (workspace.mjs), since the harness reads files as plainly as the CLI does.
import { GOOD_BIB, GOOD_PAPER, PROTO_KEYS } from './workspace.mjs';
/** @typedef {import('./prng.mjs').Random} Random */
/** @typedef {import('./workspace.mjs').Place} Place */

/** @param {Random} r */
function userData(r) {
  return r.pick([
    JSON.stringify({ read: true, starred: true, tags: ['a', 'b'] }),
    JSON.stringify({ tags: Array.from({ length: r.size(1, 100_000) }, (_, i) => `t${i}`) }),
    JSON.stringify({ read: 'yes' }),
    '{"__proto__": {"read": true}, "constructor": {"x": 1}, "tags": ["constructor"]}',
    `${'['.repeat(r.size(1, 100_000))}`,
    '',
    '\u0000',
    '[]',
    JSON.stringify({ highlights: Array.from({ length: r.size(1, 20_000) }, () => ({ exact: r.word() })) }),
  ]);
}

/**
 * Theme corrections: prototype-key ids, parent cycles, and many stale renames each with recorded members.
 * @param {Random} r
 * @param {number} papers
 */
function corrections(r, papers) {
  const stale = r.size(1, 2000);
  // null prototype: a `__proto__` key is then an own key, written out as a file would hold it
  const renames = Object.create(null);
  /** @type {Record<string, string[]>} */
  const themeMembers = {};
  for (let i = 0; i < stale; i++) {
    renames[`gone-${i}`] = `Old ${i}`;
    const from = r.int(0, Math.max(0, papers - 500));
    themeMembers[`gone-${i}`] = Array.from({ length: 500 }, (_, k) => `p${from + k}`);
  }
  for (const key of PROTO_KEYS) renames[key] = r.word();
  const userThemes = [
    ...PROTO_KEYS.map((id) => ({ id, label: id, keywords: [r.pick(['topic', '(', '\\', '*', '__proto__'])] })),
    { id: 'a', label: 'A', keywords: [], parent: 'b' },
    { id: 'b', label: 'B', keywords: [], parent: 'a' },
    { id: 'self', label: 'Self', keywords: [], parent: 'self' },
  ];
  const moves = { p1: 'constructor', p2: '__proto__', p3: 'gone-0', __proto__: 'x' };
  const json = JSON.stringify({ renames, moves, userThemes, themeMembers });
  // JSON.stringify drops a literal __proto__ key; put it back as a file would have it
  return json.replace('"moves":{', '"moves":{"__proto__":"theme-5",');
}

/**
 * The stores class: `.papers/papers/*.json`, `.papers/themes.json`, links files and a notes file, read by the stores
 * harness and by `papers foryou`.
 * @param {Random} r
 * @param {Place} place
 */
export function storeFiles(r, place) {
  place.file('good.bib', GOOD_BIB());
  const papers = r.pick([1000, 20_000, 100_000]);
  for (const name of [GOOD_PAPER, r.pick(PROTO_KEYS), r.word().replace(/[/\u0000]/g, '_')])
    place.file(`.papers/papers/${name}.json`, userData(r));
  place.file('.papers/themes.json', r.chance(0.8) ? corrections(r, papers) : userData(r));
  const link = {
    id: 'aaaaaaaaaaaa',
    paper: r.pick([GOOD_PAPER, '../../../victim/settings', 'constructor']),
    file: r.pick(['good.bib', '../victim/id_rsa', '.papers', '']),
    range: { startLine: 0, startCharacter: 0, endLine: r.pick([0, 1, 1e9]), endCharacter: 0 },
    anchor: { text: r.pick(['@string', '', 'x'.repeat(r.size(1, 100_000))]), before: '', after: '' },
    created: '2026-01-01T00:00:00.000Z',
  };
  place.file(`.papers/links/${GOOD_PAPER}.json`, JSON.stringify(r.chance(0.8) ? [link] : link));
  if (r.chance(0.5)) place.file(`notes/${r.word().replace(/[/\u0000]/g, '_')}.md`, userData(r));
  // the stores harness reads them as the editor does; `papers foryou` reads the same files as signals
  return [
    ['@stores', String(papers)],
    ['foryou', 'good.bib', '--json'],
  ];
}
