/**
 * What the build script prints: the field model measured on the held-out quarter of the dev corpus (papers it was
 * never trained or calibrated on): accuracy, NMI of its fields against the primary categories, and how often a
 * text comes out as of no known field, for fields the model knows and for archives left out with --unseen.
 */
import { FieldModel, guessField } from '../../src/core/fields';
import { normalizedMutualInformation } from '../../src/core/themes/nmi';
import { DevPaper } from '../lib/devCorpus';

const pct = (x: number) => `${(100 * x).toFixed(1)}%`;

export function heldOutReport(
  model: FieldModel,
  papers: readonly DevPaper[],
  fieldOf: (code: string) => string | undefined,
  unseen: ReadonlySet<string>,
): string {
  const heldOut = papers.filter((p) => p.part === 'heldOut');
  const guesses = heldOut.map((p) => guessField(model, p.text));
  const lines: string[] = [`held-out papers: ${heldOut.length}`];
  const known = heldOut.map((p, i) => ({ p, g: guesses[i], field: fieldOf(p.primary) })).filter((r) => r.field);
  const right = known.filter((r) => model.fields[r.g.field].code === r.field).length;
  const rightArchive = known.filter((r) => model.fields[r.g.field].archive === archiveOf(r.field!)).length;
  lines.push(
    `fields the model knows: ${known.length} papers, field right ${pct(right / known.length)}, archive right ${pct(rightArchive / known.length)}`,
  );
  lines.push(`  said to be of no known field: ${pct(known.filter((r) => !r.g.known).length / known.length)}`);
  const cs = heldOut.map((p, i) => ({ p, g: guesses[i] })).filter((r) => r.p.primary.startsWith('cs.'));
  for (const [name, slice] of [
    ['first 5,000 cs', cs.slice(0, 5000)],
    [`all ${cs.length} cs`, cs],
    [`all ${heldOut.length}`, heldOut.map((p, i) => ({ p, g: guesses[i] }))],
  ] as const) {
    const nmi = normalizedMutualInformation(
      slice.map((r) => r.g.field),
      slice.map((r) => r.p.primary),
    );
    lines.push(
      `NMI of the most probable field vs primary category, ${name}: ${nmi.toFixed(3)} (${new Set(slice.map((r) => r.g.field)).size} fields)`,
    );
  }
  for (const a of [...unseen].sort()) {
    const theirs = heldOut.map((p, i) => ({ p, g: guesses[i] })).filter((r) => archiveOf(r.p.primary) === a);
    const unknown = theirs.filter((r) => !r.g.known).length;
    lines.push(
      `unseen archive ${a}: ${theirs.length} papers, said to be of no known field ${pct(unknown / Math.max(1, theirs.length))}`,
    );
  }
  return `${lines.join('\n')}\n`;
}

const archiveOf = (code: string) => (code.includes('.') ? code.slice(0, code.indexOf('.')) : code);
