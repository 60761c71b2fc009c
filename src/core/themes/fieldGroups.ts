/**
 * The top level of a two-level grouping: arXiv fields, as the field model (core/fields) reads each paper. A field
 * with enough papers in the library is a broad theme of its own, named as arXiv names it; the papers of smaller
 * fields join their archive ("Mathematics") when that has enough of them, else the field that the model finds
 * next most likely. Papers of no field the model knows are left for the caller (foreignGroups in themes.ts).
 */
import { FieldGuess, FieldModel } from '../fields';

/** A broad theme that is a field: its arXiv code (a category's or an archive's), its name, its papers. */
export interface FieldGroup {
  field: string;
  label: string;
  members: number[];
}

/** Fewest papers of a field in a library of n papers for it to be a broad theme of its own. */
export function fieldThemeMin(n: number): number {
  return Math.max(30, Math.round(n / 400));
}

/**
 * Papers (indices into `guesses`) in field groups, largest first (ties: by code), and those of no known field.
 * `members` are ascending.
 */
export function fieldGroups(
  model: FieldModel,
  guesses: readonly FieldGuess[],
  minSize = fieldThemeMin(guesses.length),
): { groups: FieldGroup[]; unknown: number[] } {
  const byField = new Map<number, number[]>();
  const unknown: number[] = [];
  guesses.forEach((g, i) => {
    if (!g.known) return void unknown.push(i);
    const list = byField.get(g.field);
    if (list) list.push(i);
    else byField.set(g.field, [i]);
  });
  const groupOfField = new Map<number, FieldGroup>();
  const groups: FieldGroup[] = [];
  const small: number[] = [];
  for (const [k, members] of [...byField].sort((a, b) => a[0] - b[0])) {
    if (members.length >= minSize) {
      const f = model.fields[k];
      const group = { field: f.code, label: f.name, members: [...members] };
      groups.push(group);
      groupOfField.set(k, group);
    } else small.push(k);
  }
  const archives = new Map<string, number[]>();
  for (const k of small) {
    const archive = model.fields[k].archive;
    archives.set(archive, [...(archives.get(archive) ?? []), k]);
  }
  const leftOver: number[] = [];
  for (const [archive, fields] of [...archives].sort((a, b) => (a[0] < b[0] ? -1 : 1))) {
    const members = fields.flatMap((k) => byField.get(k)!);
    if (members.length < minSize || groups.some((g) => g.field === archive)) {
      leftOver.push(...members);
      continue;
    }
    const group = { field: archive, label: model.archiveNames[archive] ?? archive, members };
    groups.push(group);
    for (const k of fields) groupOfField.set(k, group);
  }
  if (groups.length === 0) return { groups: [], unknown: [...unknown, ...leftOver].sort((a, b) => a - b) };
  for (const i of leftOver) likeliestGroup(model, guesses[i], groupOfField, groups).members.push(i);
  for (const g of groups) g.members.sort((a, b) => a - b);
  groups.sort((a, b) => b.members.length - a.members.length || (a.field < b.field ? -1 : 1));
  return { groups, unknown };
}

/** The group whose fields together are the most probable for the paper. */
export function likeliestGroup(
  model: FieldModel,
  guess: FieldGuess,
  groupOfField: ReadonlyMap<number, FieldGroup>,
  groups: readonly FieldGroup[],
): FieldGroup {
  const score = new Map<FieldGroup, number>();
  for (let k = 0; k < model.fields.length; k++) {
    const g = groupOfField.get(k);
    if (g) score.set(g, (score.get(g) ?? 0) + guess.probabilities[k]);
  }
  let best = groups[0];
  for (const g of groups) if ((score.get(g) ?? 0) > (score.get(best) ?? 0)) best = g;
  return best;
}

/** The probability of the fields that have a group in the library. */
export function massIn(guess: FieldGuess, groupOfField: ReadonlyMap<number, FieldGroup>): number {
  let mass = 0;
  for (const k of groupOfField.keys()) mass += guess.probabilities[k];
  return mass;
}

/** Each model field's group: its own, or its archive's. */
export function groupsByField(model: FieldModel, groups: readonly FieldGroup[]): Map<number, FieldGroup> {
  const byCode = new Map(groups.map((g) => [g.field, g]));
  const out = new Map<number, FieldGroup>();
  model.fields.forEach((f, k) => {
    const g = byCode.get(f.code) ?? byCode.get(f.archive);
    if (g) out.set(k, g);
  });
  return out;
}
