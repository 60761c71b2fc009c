// The list a paper was opened from, and the steps through it that the morning pass takes. No vscode import:
// the bench measures these steps on 100,000 papers, and the unit tests run them under plain Node.
import type { ListPlaceView } from '../../webview/protocol';

/**
 * The papers of the list a paper was opened from, in the order it showed them: a day under New, For You, a theme or
 * subtheme, a collection or tag, or a search's results. A snapshot taken at the open: marking papers during the
 * pass (which can take them out of New or out of a filtered group) does not move the papers still to come.
 */
export interface ReadingList {
  /** How the view names the list: "New › Today", "For You", "Vision › Detection", `Search "graph"`. */
  label: string;
  ids: readonly string[];
  /** The tree group it came from, for the tree's selection to follow in it; none for search results. */
  groupId?: string;
}

/** Where in its list the view is: `index` is the position of the paper shown. */
export interface ReadingPlace {
  list: ReadingList;
  index: number;
}

/** A step's outcome: the paper to show, or the list's edge it would have gone past (lists never wrap). */
export type Step = { id: string; index: number } | { edge: 'first' | 'last' };

/**
 * Where `id` is in the list: `hint` first (the position the view last knew, right in every step of a pass, so a
 * step costs no search through a 100,000-paper list), else its first occurrence; -1 when it is not in the list.
 */
export function positionOf(list: ReadingList, id: string, hint: number): number {
  if (hint >= 0 && hint < list.ids.length && list.ids[hint] === id) return hint;
  return list.ids.indexOf(id);
}

/**
 * The paper `delta` steps from `id` (1 next, -1 previous), skipping ids for which `exists` is false (papers gone
 * from the library since the list was taken). A paper not in the list (a related paper opened from the view) steps
 * from the list's paper last shown, `hint`.
 */
export function stepIn(
  list: ReadingList,
  id: string,
  hint: number,
  delta: 1 | -1,
  exists: (id: string) => boolean = () => true,
): Step {
  const at = positionOf(list, id, hint);
  const from = at >= 0 ? at : Math.min(Math.max(hint, -1), list.ids.length);
  // a paper not in the list counts as standing just before the next one: "previous" from it is the hint itself
  let i = at >= 0 ? from + delta : delta > 0 ? from + 1 : from;
  while (i >= 0 && i < list.ids.length) {
    if (exists(list.ids[i])) return { id: list.ids[i], index: i };
    i += delta;
  }
  return { edge: delta > 0 ? 'last' : 'first' };
}

/**
 * The place the view shows above the paper `id`: "12 of 480" in its list, and whether a step either way finds a
 * paper; no position for a paper outside the list (a related paper opened from the view).
 */
export function placeView(place: ReadingPlace, id: string, exists: (id: string) => boolean): ListPlaceView {
  const { list, index } = place;
  const inList = list.ids[index] === id;
  const count = (n: number) => n.toLocaleString('en-US');
  return {
    label: list.label,
    position: inList ? `${count(index + 1)} of ${count(list.ids.length)}` : '',
    hasPrevious: 'id' in stepIn(list, id, index, -1, exists),
    hasNext: 'id' in stepIn(list, id, index, 1, exists),
  };
}

/** What the view says at an edge of its list, instead of wrapping round to the other end. */
export function edgeText(list: ReadingList, edge: 'first' | 'last'): string {
  return edge === 'last'
    ? `That was the last paper of ${list.label}: there is no next one.`
    : `This is the first paper of ${list.label}: there is no previous one.`;
}
