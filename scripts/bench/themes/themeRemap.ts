// The theme-correction remap at scale: a library of N papers in themes of ~500, and `themes.json` naming S
// stale theme ids (renamed themes whose ids a regrouping changed), each with its recorded papers. Times
// remapThemeCorrections (what applyThemeCorrections runs after every grouping) wall and CPU, best of R.
// Run: npm run bench -- theme-remap [papers] [stale] [rounds]
import { hash64 } from '../../../src/core/papers';
import { remapThemeCorrections, ThemeCorrections } from '../../../src/core/themes';
import { seededRandom } from '../../../src/core/vectors';

const [papers = 100_000, stale = 1_000, rounds = 3] = process.argv.slice(2).map(Number);
const THEME_SIZE = 500;

const random = seededRandom(18);
const ids = Array.from({ length: papers }, (_, i) => i.toString(16).padStart(12, '0'));
const themes: { id: string; paperIds: string[]; parent?: string }[] = [];
for (let start = 0, t = 0; start < papers; start += THEME_SIZE, t++)
  themes.push({ id: `theme-${t}`, paperIds: ids.slice(start, start + THEME_SIZE) });
const renames: Record<string, string> = {};
const themeMembers: Record<string, string[]> = {};
for (let s = 0; s < stale; s++) {
  // a stale theme: most of one current theme's papers, a few of another's
  const home = themes[Math.floor(random() * themes.length)].paperIds;
  const other = themes[Math.floor(random() * themes.length)].paperIds;
  renames[`old-${s}`] = `Label ${s}`;
  themeMembers[`old-${s}`] = [...home.filter(() => random() < 0.8), ...other.filter(() => random() < 0.1)];
}
const corrections: ThemeCorrections = { renames, moves: {}, userThemes: [], themeMembers };

let best = { wall: Infinity, cpu: Infinity };
let remapped = 0;
let digest = '';
for (let r = 0; r < rounds; r++) {
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  const out = remapThemeCorrections(corrections, themes);
  const wall = performance.now() - t0;
  const cpu = process.cpuUsage(cpu0);
  remapped = Object.keys(out.renames).filter((id) => !id.startsWith('old-')).length;
  digest = hash64(JSON.stringify(out));
  best = { wall: Math.min(best.wall, wall), cpu: Math.min(best.cpu, (cpu.user + cpu.system) / 1000) };
}
console.log(
  `remap: ${papers} papers, ${themes.length} themes, ${stale} stale renames -> ${remapped} followed; ` +
    `best of ${rounds}: ${best.wall.toFixed(0)} ms wall, ${best.cpu.toFixed(0)} ms CPU (result ${digest})`,
);
