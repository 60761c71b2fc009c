/**
 * A regroup (Papers: Regroup Themes…, `papers analyze --state DIR --regroup`) starts from the grouping it replaces,
 * so that it is stable by construction:
 * - **Broad themes are kept.** A paper of the previous grouping stays in its broad theme (its arXiv field, or a
 *   theme of papers of no known field): a paper's field never changes because other papers arrived. A paper new
 *   to the library joins the broad theme of its field (or archive) or makes that field's at once, as growth does
 *   (placement.ts); one of no known field joins the nearest broad theme.
 * - **Topics are found again from the previous ones.** Inside each broad theme, the clustering starts from the
 *   previous topics of its papers (their centroids, computed afresh in the new vectors) instead of from a fresh
 *   draw, and a paper leaves its topic only when it fits it poorly (below the topic's floor: the cosine nine in ten
 *   of the topic's papers reach, as placement reads a fit) and another topic fits it better. When the broad theme
 *   grew enough to hold more topics, the fresh clustering's groups that match no previous topic are added to them.
 *   A topic found again (the diff's "kept": REGROUP_KEEP_SHARE of its papers both ways) keeps its label, unless that
 *   label would read as a sibling's; the others are labelled afresh, against their siblings.
 * A fresh grouping of the same papers moved a third of them between subthemes after a day's dump (docs/benchmarks.md,
 * `--stability`): it is one draw of a clustering whose draws differ that much.
 */
import { Theme } from '../papers';
import { FieldModel, guessField } from '../fields';
import { centroidsOf, clusterRows, dissolveSmall, MIN_THEME_SIZE, nearestCentroid } from './consensus';
import { REGROUP_KEEP_SHARE } from './regroupDiff';
import { FIT_QUANTILE, quantile } from './fitFloor';

/** The grouping a regroup replaces, read against the papers of the new one (their indices in its theme space). */
export interface PreviousGrouping {
  /** Whether it had two levels (broad themes with subthemes, or broad themes that are fields). */
  twoLevel: boolean;
  /** Its broad themes (its themes, at one level). */
  broad: { label: string; field?: string }[];
  /** Per paper: its broad theme there (index into `broad`), -1 for a paper it did not have. */
  broadOf: Int32Array;
  /** Per paper: the theme that held it there (numbered in the grouping's order), -1 for a paper it did not have. */
  leafOf: Int32Array;
  /** The label of each of those themes, in the same numbering. */
  leafLabels: string[];
}

/** The previous grouping's computed themes (the user's themes are left out) against the papers `ids`. */
export function readPrevious(themes: readonly Theme[], ids: readonly string[]): PreviousGrouping {
  const computed = themes.filter((t) => !t.user);
  const index = new Map(ids.map((id, i) => [id, i]));
  const tops = computed.filter((t) => t.parent === undefined);
  const topIndex = new Map(tops.map((t, i) => [t.id, i]));
  const broadOf = new Int32Array(ids.length).fill(-1);
  const leafOf = new Int32Array(ids.length).fill(-1);
  computed.forEach((t, leaf) => {
    const top = topIndex.get(t.parent ?? t.id);
    if (top === undefined) return;
    for (const id of t.paperIds) {
      const i = index.get(id);
      if (i === undefined || leafOf[i] >= 0) continue; // a paper counts in its first theme
      leafOf[i] = leaf;
      broadOf[i] = top;
    }
  });
  return {
    twoLevel: computed.some((t) => t.parent !== undefined || t.field !== undefined),
    broad: tops.map((t) => (t.field !== undefined ? { label: t.label, field: t.field } : { label: t.label })),
    broadOf,
    leafOf,
    leafLabels: computed.map((t) => t.label),
  };
}

/**
 * The labels of a regroup's topics (papers as indices, `label` made afresh) with each topic found again keeping its
 * previous label: it holds at least REGROUP_KEEP_SHARE of the previous topic's papers here, and they make at least
 * that share of its papers that the previous grouping had (papers new to the library never count against it). A
 * kept label that reads as another topic's (labelKey) is not kept: siblings stay told apart.
 */
export function keptLabels(
  topics: readonly { label: string; members: readonly number[] }[],
  previous: PreviousGrouping,
  readAlike: (label: string) => string,
): string[] {
  const leafSize = new Map<number, number>();
  for (const leaf of previous.leafOf) if (leaf >= 0) leafSize.set(leaf, (leafSize.get(leaf) ?? 0) + 1);
  const claimed = new Set<number>();
  const labels = topics.map((t) => {
    const shared = new Map<number, number>();
    let known = 0;
    for (const i of t.members) {
      const leaf = previous.leafOf[i];
      if (leaf < 0) continue;
      known++;
      shared.set(leaf, (shared.get(leaf) ?? 0) + 1);
    }
    let best = -1;
    for (const [leaf, c] of shared)
      if (best < 0 || c > shared.get(best)! || (c === shared.get(best)! && leaf < best)) best = leaf;
    if (best < 0 || claimed.has(best)) return t.label;
    const c = shared.get(best)!;
    if (c < REGROUP_KEEP_SHARE * leafSize.get(best)! || c < REGROUP_KEEP_SHARE * known) return t.label;
    claimed.add(best);
    return previous.leafLabels[best];
  });
  // a kept label alike to another topic's goes back to the fresh one, until no two are alike
  for (let changed = true; changed;) {
    changed = false;
    const keys = labels.map(readAlike);
    labels.forEach((l, i) => {
      if (l === topics[i].label || !keys.some((k, j) => j !== i && k === keys[i])) return;
      labels[i] = topics[i].label;
      changed = true;
    });
  }
  return labels;
}

/** Where a clustering of some papers starts: each paper's previous topic as a local number, -1 for none. */
export interface WarmStart {
  seedOf: Int32Array;
  /** How many previous topics the papers hold (at least MIN_THEME_SIZE papers each). */
  count: number;
}

/**
 * The previous topics of `members` (their leaf themes, or at one level after a two-level grouping their broad
 * themes), numbered by first member; a topic left with fewer than MIN_THEME_SIZE of them is not one.
 */
export function warmStart(previous: PreviousGrouping, members: readonly number[], level: 'leaf' | 'broad'): WarmStart {
  const of = level === 'leaf' ? previous.leafOf : previous.broadOf;
  const sizes = new Map<number, number>();
  for (const i of members) if (of[i] >= 0) sizes.set(of[i], (sizes.get(of[i]) ?? 0) + 1);
  const local = new Map<number, number>();
  const seedOf = Int32Array.from(members, (i) => {
    const t = of[i];
    if (t < 0 || sizes.get(t)! < MIN_THEME_SIZE) return -1;
    if (!local.has(t)) local.set(t, local.size);
    return local.get(t)!;
  });
  return { seedOf, count: local.size };
}

/** The number of topics to aim at: `k` as a fresh grouping would, but never fewer than the previous topics. */
export function warmCount(k: number, warm: WarmStart | undefined): number {
  return warm && warm.count >= 2 ? Math.max(k, warm.count) : k;
}

/** Passes of reassignment and new centroids: few papers move after the first. */
const WARM_PASSES = 5;

/**
 * Topics (ids 0..) for the m unit rows of X (m × d) starting from `warm`: see the file comment. Deterministic.
 * With fewer than two previous topics there is nothing to start from: the fresh clustering (clusterRows).
 */
export function warmClusters(
  X: Float32Array,
  m: number,
  d: number,
  k: number,
  warm: WarmStart,
  seed: number,
  sampleSize: number,
): number[] {
  if (warm.count < 2 || m <= 1 || d === 0) return clusterRows(X, m, d, k, seed, sampleSize);
  let assign = Array.from(warm.seedOf);
  let count = warm.count;
  if (k > count) {
    // the broad theme holds more topics than before: the fresh clustering's groups that match none of the previous
    const fresh = clusterRows(X, m, d, k, seed, sampleSize);
    const added = unmatched(fresh, warm, k - count);
    assign = assign.map((t, i) => (added.has(fresh[i]) ? count + added.get(fresh[i])! : t));
    count += added.size;
  }
  // papers without a topic (new, or of a previous topic too small here) are left out of the centroids
  let C = centroidsOf(
    X,
    m,
    d,
    assign.map((t) => (t < 0 ? count : t)),
    count + 1,
  );
  // then join the nearest
  const nearest = nearestCentroid(X, m, d, C, count);
  assign = assign.map((t, i) => (t < 0 ? nearest[i] : t));
  for (let pass = 0; pass < WARM_PASSES; pass++) {
    C = centroidsOf(X, m, d, assign, count);
    const floors = fitFloors(X, m, d, C, assign, count);
    const best = nearestCentroid(X, m, d, C, count);
    let moved = 0;
    assign = assign.map((t, i) => {
      if (best[i] === t || rowDot(X, i, d, C, t * d) >= floors[t]) return t;
      moved++;
      return best[i];
    });
    if (moved === 0) break;
  }
  return dissolveSmall(X, m, d, assign, MIN_THEME_SIZE);
}

/**
 * Up to `wanted` clusters of `fresh` that share least with any previous topic (a cluster's largest share of its
 * papers in one previous topic; papers new to the library share with none), as their new numbers 0..; a cluster
 * that has half of its papers in one previous topic is that topic (regroupDiff's "kept").
 */
function unmatched(fresh: readonly number[], warm: WarmStart, wanted: number): Map<number, number> {
  const sizes = new Map<number, number>();
  const shared = new Map<number, Map<number, number>>();
  fresh.forEach((c, i) => {
    sizes.set(c, (sizes.get(c) ?? 0) + 1);
    const t = warm.seedOf[i];
    if (t < 0) return;
    const row = shared.get(c) ?? new Map<number, number>();
    row.set(t, (row.get(t) ?? 0) + 1);
    shared.set(c, row);
  });
  const overlap = (c: number) => Math.max(0, ...(shared.get(c)?.values() ?? [])) / sizes.get(c)!;
  const picked = [...sizes.keys()]
    .filter((c) => sizes.get(c)! >= MIN_THEME_SIZE && overlap(c) < REGROUP_KEEP_SHARE)
    .sort((a, b) => overlap(a) - overlap(b) || sizes.get(b)! - sizes.get(a)! || a - b)
    .slice(0, wanted);
  return new Map(picked.map((c, i) => [c, i]));
}

/** Each topic's floor: the cosine to its centroid that FIT_QUANTILE of its papers stay under (fitFloor.ts). */
function fitFloors(X: Float32Array, m: number, d: number, C: Float64Array, assign: readonly number[], k: number) {
  const fits: number[][] = Array.from({ length: k }, () => []);
  for (let i = 0; i < m; i++) fits[assign[i]].push(rowDot(X, i, d, C, assign[i] * d));
  return fits.map((f) => quantile(f, FIT_QUANTILE));
}

function rowDot(X: Float32Array, i: number, d: number, C: Float64Array, co: number): number {
  let s = 0;
  for (let j = 0; j < d; j++) s += X[i * d + j] * C[co + j];
  return s;
}

/** A broad theme of a regroup: a previous one, or one of a field new to the library. */
export interface KeptBroadTheme {
  label: string;
  field?: string;
  /** Indices of its papers. */
  members: number[];
}

/**
 * The broad themes of a regroup after a two-level grouping: the previous ones with their papers, and the papers new
 * to the library in the broad theme of their field (or its archive), in a new one of their field, or, of no known
 * field, in the nearest (X: the papers' unit clustering rows, n × d). Those left without papers go.
 */
export function keptBroadThemes(
  model: FieldModel,
  texts: readonly string[],
  X: Float32Array,
  d: number,
  previous: PreviousGrouping,
): KeptBroadTheme[] {
  const n = texts.length;
  const themes: KeptBroadTheme[] = previous.broad.map((b) => ({ ...b, members: [] }));
  const newcomers: number[] = [];
  for (let i = 0; i < n; i++) {
    if (previous.broadOf[i] >= 0) themes[previous.broadOf[i]].members.push(i);
    else newcomers.push(i);
  }
  const held = themes.filter((t) => t.members.length > 0);
  if (held.length === 0) return [];
  const assign = Array.from({ length: n }, () => 0);
  held.forEach((t, c) => t.members.forEach((i) => (assign[i] = c)));
  const C = centroidsOf(
    X,
    n,
    d,
    assign.map((c, i) => (previous.broadOf[i] >= 0 ? c : held.length)),
    held.length + 1,
  );
  const byField = new Map(held.filter((t) => t.field !== undefined).map((t) => [t.field!, t]));
  for (const i of newcomers) {
    const guess = guessField(model, texts[i]);
    if (guess.known) {
      const { code, name, archive } = model.fields[guess.field];
      let home = byField.get(code) ?? byField.get(archive);
      if (!home) {
        home = { label: name, field: code, members: [] };
        byField.set(code, home);
        themes.push(home);
      }
      home.members.push(i);
    } else held[nearestCentroid(X.subarray(i * d, (i + 1) * d), 1, d, C, held.length)[0]].members.push(i);
  }
  return themes.filter((t) => t.members.length > 0);
}
