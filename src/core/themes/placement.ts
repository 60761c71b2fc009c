/**
 * New papers join the themes of the last full grouping (themeModel.ts) instead of regrouping the library:
 * papers already grouped keep their theme and every theme its label.
 *
 * A newcomer joins, level by level, the theme whose centroid is nearest, when it fits it: its cosine to the
 * centroid reaches the theme's floor (what nine in ten of the theme's own papers reach) and the space knows most
 * of its words (coverage at least the library's own floor; a theme formed from newcomers waives this, as its
 * papers are ones the space barely knows). Newcomers that fit no theme (strays) are clustered together with a few
 * typical papers of every theme of their level, in vectors of their own (so words the library never used count),
 * when they crowd (`crowded`): a cluster made mostly of newcomers, with enough of them, becomes a new theme,
 * labelled against the others as a grouping would; the rest join the nearest theme anyway and are counted as poor
 * fits.
 */
import { Theme } from '../papers';
import { centroidOf, clusterRow, dotRow, ModelTheme, ThemeModel } from './themeModel';
import { FIT_QUANTILE, quantile } from './fitFloor';
import { labelledGroups, uniqueSlug } from './themes';
import { labelKey } from './labelLift';
import { arxivFieldModel, guessField } from '../fields';

/** A paper to place: its text and its row in the model's space (embedding.ts). */
export interface Newcomer {
  id: string;
  text: string;
  /** Full LSA row, unit length. */
  row: Float32Array;
  coverage: number;
}

/** Up to `count` texts of a theme's papers (for a broad theme: of every paper under it), most typical first. */
export type ThemeTexts = (themeId: string, count: number) => { id: string; text: string }[];

export interface Placement {
  /** Each newcomer's theme: a theme without subthemes, a subtheme, or a new theme. */
  themeOf: Map<string, string>;
  /** Themes formed from newcomers, each with its papers, in the order they were formed (a new subtheme has `parent`). */
  newThemes: Theme[];
  /** The model with the new themes and the counts of this placement added. */
  model: ThemeModel;
  /** Newcomers that joined a theme they fit poorly. */
  poor: number;
  /** Groups of strays (of the top level, or under one broad theme) clustered, and those left as scattered. */
  strayGroups: { clustered: number; scattered: number };
}

export interface PlacementOptions {
  /** Clusters scattered strays too (see `crowded`): what the daily benchmark compares the placement with. */
  clusterScattered?: boolean;
}

/** Fewest newcomers that form a new theme. */
export const NEW_THEME_MIN = 6;
/** A cluster of newcomers and library papers is a new theme when newcomers are at least this share of it. */
const NEW_THEME_SHARE = 0.8;
/**
 * Typical papers of each theme clustered beside the newcomers that fit none: fifteen, or fewer when a level has many
 * themes (a library's 25 broad themes), so that the clustering stays a few hundred papers whatever the library.
 */
const BACKGROUND_PER_THEME = 15;
const BACKGROUND_MAX = 240;
/** Newcomers per cluster asked for beside the themes' own (more clusters than themes, so new ones can appear). */
const NEWCOMERS_PER_CLUSTER = 25;
/** Other strays that must be nearer to some stray than any theme is, for the strays to be clustered (see `crowded`). */
const CROWD_NEIGHBOURS = 2;

/** Places newcomers in the model's themes, forming new themes where enough of them fit none. */
export function placePapers(
  model: ThemeModel,
  newcomers: readonly Newcomer[],
  texts: ThemeTexts,
  options: PlacementOptions = {},
): Placement {
  const state = new PlacementState(model, texts, options.clusterScattered === true);
  const top = model.themes.filter((t) => t.parent === undefined);
  const rest = top.some((t) => t.field !== undefined) ? state.placeInFields(top, newcomers) : newcomers;
  const strays = state.placeAmong(top, rest);
  state.formNewThemes(top, strays, undefined);
  for (const [broadId, inside] of state.subStrays) {
    const broad = model.themes.find((t) => t.id === broadId)!;
    state.formNewThemes(state.childrenOf(broadId), inside, broad);
  }
  return {
    themeOf: state.themeOf,
    newThemes: state.newThemes,
    model: {
      ...model,
      themes: [...model.themes, ...state.newModelThemes],
      placedSince: model.placedSince + newcomers.length,
      poorSince: model.poorSince + state.poor,
    },
    poor: state.poor,
    strayGroups: state.strayGroups,
  };
}

/** A newcomer with its clustering row. */
type Placed = Newcomer & { unit: Float32Array };

class PlacementState {
  readonly themeOf = new Map<string, string>();
  readonly newThemes: Theme[] = [];
  readonly newModelThemes: ModelTheme[] = [];
  /** Newcomers that fit a broad theme but none of its subthemes, by broad theme. */
  readonly subStrays = new Map<string, Placed[]>();
  poor = 0;
  readonly strayGroups = { clustered: 0, scattered: 0 };
  private readonly children = new Map<string, ModelTheme[]>();
  private readonly usedIds: Set<string>;
  private readonly usedLabels: Set<string>;

  constructor(
    private readonly model: ThemeModel,
    private readonly texts: ThemeTexts,
    private readonly clusterScattered: boolean,
  ) {
    for (const t of model.themes)
      if (t.parent !== undefined) this.children.set(t.parent, [...(this.children.get(t.parent) ?? []), t]);
    this.usedIds = new Set(model.themes.map((t) => t.id));
    this.usedLabels = new Set(model.themes.map((t) => labelKey(t.label)));
  }

  childrenOf(id: string): ModelTheme[] {
    return this.children.get(id) ?? [];
  }

  /**
   * In a grouping by field: each newcomer of a known field joins its field's broad theme (or its archive's), and
   * one of a field the library has no theme for makes that field's broad theme at once. Returns the newcomers of
   * no known field, to be placed by nearness.
   */
  placeInFields(top: ModelTheme[], newcomers: readonly Newcomer[]): Newcomer[] {
    const fields = arxivFieldModel();
    const byField = new Map(top.filter((t) => t.field !== undefined).map((t) => [t.field!, t]));
    const unknown: Newcomer[] = [];
    const formed = new Map<ModelTheme, Placed[]>();
    for (const paper of newcomers) {
      const guess = guessField(fields, paper.text);
      if (!guess.known) {
        this.archives.set(paper.id, undefined); // read once: admits() asks again when it is placed by nearness
        unknown.push(paper);
        continue;
      }
      const { code, name, archive } = fields.fields[guess.field];
      const placed = { ...paper, unit: clusterRow(paper.row, this.model.clusterDims) };
      const home = byField.get(code) ?? byField.get(archive);
      if (home && formed.has(home)) {
        this.assign(home, placed);
        formed.get(home)!.push(placed);
      } else if (home) this.placeUnder(home, placed);
      else {
        const theme = this.addTheme(name, [placed], undefined, code);
        byField.set(code, theme);
        formed.set(theme, [placed]);
      }
    }
    for (const [theme, members] of formed) {
      // the field's theme as its first paper made it: its centroid and floor are those of all its papers
      theme.centroid = centroidOf(
        members.map((p) => p.unit),
        this.model.clusterDims,
      );
      theme.floor = quantile(
        members.map((p) => dotRow(p.unit, theme.centroid)),
        FIT_QUANTILE,
      );
      top.push(theme);
    }
    return unknown;
  }

  /** Places the newcomers that fit one of `themes` (and then one of its subthemes); returns those that fit none. */
  placeAmong(themes: readonly ModelTheme[], newcomers: readonly Newcomer[]): Placed[] {
    const strays: Placed[] = [];
    for (const paper of newcomers) {
      const placed = { ...paper, unit: clusterRow(paper.row, this.model.clusterDims) };
      const home = this.fittest(themes, placed);
      if (home) this.placeUnder(home, placed);
      else strays.push(placed);
    }
    return strays;
  }

  /** Puts a paper in `theme`, or in the subtheme of it that it fits (kept aside when it fits none of them). */
  private placeUnder(theme: ModelTheme, paper: Placed): void {
    const kids = this.childrenOf(theme.id);
    if (kids.length === 0) return this.assign(theme, paper);
    const sub = this.fittest(kids, paper);
    if (sub) return this.assign(sub, paper);
    const strays = this.subStrays.get(theme.id);
    if (strays) strays.push(paper);
    else this.subStrays.set(theme.id, [paper]);
  }

  /** The nearest theme that the paper fits, or undefined. */
  private fittest(themes: readonly ModelTheme[], paper: Placed): ModelTheme | undefined {
    const known = paper.coverage >= this.model.coverageFloor;
    return byNearness(themes, paper.unit).find(
      ({ theme, cosine }) => cosine >= theme.floor && (known || theme.late === true) && this.admits(theme, paper),
    )?.theme;
  }

  /** A theme at the top that knows its papers' archives takes no newcomer of another archive the model is sure of. */
  private admits(theme: ModelTheme, paper: Placed): boolean {
    if (!Array.isArray(theme.archives)) return true;
    const archive = this.archiveOf(paper);
    return archive === undefined || theme.archives.includes(archive);
  }

  private readonly archives = new Map<string, string | undefined>();

  /** The archive of the paper's field, when the field model knows it (undefined otherwise). */
  private archiveOf(paper: Placed): string | undefined {
    if (!this.archives.has(paper.id)) {
      const fields = arxivFieldModel();
      const guess = guessField(fields, paper.text);
      this.archives.set(paper.id, guess.known ? fields.fields[guess.field].archive : undefined);
    }
    return this.archives.get(paper.id);
  }

  /**
   * Newcomers that fit none of `themes` (siblings under `parent`, or the top level): clusters mostly of newcomers
   * become new themes; the others join the nearest theme (and subtheme), as poor fits.
   */
  formNewThemes(themes: readonly ModelTheme[], strays: readonly Placed[], parent: ModelTheme | undefined): void {
    const left = new Map(strays.map((p) => [p.id, p]));
    const formedBefore = this.newModelThemes.length;
    const canForm = strays.length >= NEW_THEME_MIN && themes.length > 0;
    const scattered = canForm && !this.clusterScattered && !crowded(themes, strays);
    if (scattered) this.strayGroups.scattered++;
    if (canForm && !scattered) {
      this.strayGroups.clustered++;
      const mostlyNew = (ids: readonly string[]) => {
        const theirs = ids.filter((id) => left.has(id)).length;
        return theirs >= NEW_THEME_MIN && theirs >= NEW_THEME_SHARE * ids.length;
      };
      for (const group of this.clusterBeside(themes, strays, parent, mostlyNew)) {
        const members = group.paperIds.filter((id) => left.has(id));
        if (!mostlyNew(group.paperIds) || this.usedLabels.has(labelKey(group.label))) continue;
        this.addTheme(
          group.label,
          members.map((id) => left.get(id)!),
          parent,
        );
        for (const id of members) left.delete(id);
      }
    }
    // the others join the nearest theme, one just formed here included (a stray of the new field that its cluster
    // left out); only those whose nearest is an old theme fit poorly
    const formed = this.newModelThemes.slice(formedBefore);
    for (const paper of left.values()) {
      const nearest = byNearness([...themes, ...formed], paper.unit)[0]?.theme;
      if (!nearest) continue;
      if (formed.includes(nearest)) {
        this.join(nearest, paper);
        continue;
      }
      this.poor++;
      const kids = this.childrenOf(nearest.id);
      this.assign(kids.length > 0 ? byNearness(kids, paper.unit)[0].theme : nearest, paper);
    }
  }

  /** Puts a paper in a theme: one of the model's, or one formed in this placement (which lists its papers itself). */
  private assign(theme: ModelTheme, paper: Placed): void {
    if (this.newModelThemes.includes(theme)) this.join(theme, paper);
    else this.themeOf.set(paper.id, theme.id);
  }

  /** Adds a paper to a theme formed in this placement. */
  private join(theme: ModelTheme, paper: Placed): void {
    this.newThemes.find((t) => t.id === theme.id)!.paperIds.push(paper.id);
    this.themeOf.set(paper.id, theme.id);
  }

  /** The strays clustered with typical papers of each theme, in vectors of their own; the `wanted` groups labelled. */
  private clusterBeside(
    themes: readonly ModelTheme[],
    strays: readonly Placed[],
    parent: ModelTheme | undefined,
    wanted: (ids: readonly string[]) => boolean,
  ) {
    const each = Math.max(4, Math.min(BACKGROUND_PER_THEME, Math.floor(BACKGROUND_MAX / themes.length)));
    const background = themes.flatMap((t) => this.texts(t.id, each));
    const papers = [...background, ...strays].map((p) => ({ id: p.id, abstract: p.text }));
    const k = themes.length + Math.ceil(strays.length / NEWCOMERS_PER_CLUSTER);
    return labelledGroups(papers, k, parent?.label, wanted);
  }

  private addTheme(label: string, members: Placed[], parent: ModelTheme | undefined, field?: string): ModelTheme {
    const id = uniqueSlug(label, this.usedIds);
    this.usedLabels.add(labelKey(label));
    const centroid = centroidOf(
      members.map((p) => p.unit),
      this.model.clusterDims,
    );
    const floor = quantile(
      members.map((p) => dotRow(p.unit, centroid)),
      FIT_QUANTILE,
    );
    const theme: Theme = { id, label, paperIds: members.map((p) => p.id) };
    const modelTheme: ModelTheme = { id, label, centroid, floor, late: true };
    if (parent) theme.parent = modelTheme.parent = parent.id;
    if (field !== undefined) theme.field = modelTheme.field = field;
    this.newThemes.push(theme);
    this.newModelThemes.push(modelTheme);
    for (const p of members) this.themeOf.set(p.id, id);
    return modelTheme;
  }
}

/**
 * Whether some stray has at least CROWD_NEIGHBOURS other strays nearer to it (in the model's space) than the
 * nearest of `themes`. Strays that crowd nowhere are scattered: clustering them beside the themes' papers is most
 * of a day's placement time, and on the dev corpus's daily streams it formed no theme from scattered strays, so it
 * is skipped and they join their nearest themes, as a clustering that forms nothing leaves them (the daily
 * benchmark's `stray_groups`, docs/benchmarks.md).
 */
function crowded(themes: readonly ModelTheme[], strays: readonly Placed[]): boolean {
  return strays.some((paper) => {
    const nearestTheme = Math.max(...themes.map((t) => dotRow(paper.unit, t.centroid)));
    let nearer = 0;
    for (const other of strays)
      if (other !== paper && dotRow(paper.unit, other.unit) >= nearestTheme && ++nearer >= CROWD_NEIGHBOURS)
        return true;
    return false;
  });
}

/** Themes with the paper's cosine to each, nearest first (ties: the order given). */
function byNearness(themes: readonly ModelTheme[], unit: Float32Array): { theme: ModelTheme; cosine: number }[] {
  return themes.map((theme) => ({ theme, cosine: dotRow(unit, theme.centroid) })).sort((a, b) => b.cosine - a.cosine);
}
