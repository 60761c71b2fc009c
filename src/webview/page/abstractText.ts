// The abstract as DOM: paragraphs that know their offsets in the abstract string, highlights drawn as
// <mark> elements over its text nodes, and the mapping between DOM selections and abstract offsets.
// Text only ever goes in through text nodes (never HTML), so an abstract holding markup shows it as text; math
// is drawn by math.ts in a way that keeps the text, and so the offsets, the abstract's own.
import type { MathSegment } from '../../core/common/mathSegments';
import type { AnnotationView } from '../protocol';
import { withMath } from './math';

export interface Paragraph {
  start: number;
  end: number;
}

/** The paragraphs of an abstract (split at blank lines), each trimmed, as offsets into it. */
export function paragraphsOf(abstract: string): Paragraph[] {
  const out: Paragraph[] = [];
  const push = (a: number, b: number) => {
    while (a < b && /\s/.test(abstract[a])) a++;
    while (b > a && /\s/.test(abstract[b - 1])) b--;
    if (a < b) out.push({ start: a, end: b });
  };
  let from = 0;
  for (const m of abstract.matchAll(/\n[^\S\n]*\n\s*/g)) {
    push(from, m.index!);
    from = m.index! + m[0].length;
  }
  push(from, abstract.length);
  return out;
}

/** The words of the abstract (runs of non-space), as offsets: the steps of keyboard selection. */
export function wordsOf(abstract: string): Paragraph[] {
  return [...abstract.matchAll(/\S+/g)].map((m) => ({ start: m.index!, end: m.index! + m[0].length }));
}

const visible = (a: AnnotationView) => a.status !== 'detached' && a.end > a.start;

/**
 * A paragraph element with its text split at every highlight boundary: covered pieces become <mark>
 * elements naming their highlights (`data-ids`), the last piece of each highlight carries its number. Math
 * (`math`: the abstract's segments) is rendered where no highlight starts or ends inside it.
 */
export function renderParagraph(
  abstract: string,
  para: Paragraph,
  annotations: readonly AnnotationView[],
  math: readonly MathSegment[],
): HTMLParagraphElement {
  const p = document.createElement('p');
  p.className = 'abstract-para';
  p.dataset.start = String(para.start);
  p.dataset.end = String(para.end);
  const here = annotations.filter((a) => visible(a) && a.start < para.end && a.end > para.start);
  const cuts = new Set([para.start, para.end]);
  for (const a of here) {
    cuts.add(Math.max(para.start, a.start));
    cuts.add(Math.min(para.end, a.end));
  }
  const points = [...cuts].sort((x, y) => x - y);
  for (let i = 0; i + 1 < points.length; i++) {
    const [from, to] = [points[i], points[i + 1]];
    const text = withMath(abstract, from, to, math);
    const covering = here.filter((a) => a.start <= from && a.end >= to);
    if (!covering.length) {
      p.append(...text);
      continue;
    }
    // The innermost (latest starting, then shortest) highlight gives the color.
    const top = [...covering].sort((x, y) => y.start - x.start || x.end - y.end)[0];
    const mark = document.createElement('mark');
    mark.className = `hl hl-${top.color}${covering.length > 1 ? ' hl-overlap' : ''}${covering.some((a) => a.status === 'fuzzy') ? ' hl-fuzzy' : ''}`;
    mark.dataset.ids = covering.map((a) => a.id).join(' ');
    mark.setAttribute('aria-describedby', covering.map((a) => itemDomId(a.id)).join(' '));
    const ending = covering.filter((a) => Math.min(a.end, para.end) === to);
    if (ending.length) mark.dataset.numbers = ending.map((a) => a.number).join(',');
    mark.title = covering
      .map(
        (a) =>
          `Highlight ${a.number}${a.status === 'fuzzy' ? ' (the abstract changed here since it was highlighted)' : ''}${a.note ? `: ${a.note}` : ''}`,
      )
      .join('\n');
    mark.append(...text);
    p.append(mark);
  }
  return p;
}

/** The id of a highlight's list item, which its marks point to with aria-describedby. */
export const itemDomId = (annotationId: string) => `hl-item-${annotationId}`;

const paraOf = (node: Node | null): HTMLElement | null =>
  (node instanceof Element ? node : node?.parentElement)?.closest<HTMLElement>('p.abstract-para') ?? null;

/** The abstract offset of a DOM point inside a paragraph; undefined outside the paragraphs. */
export function offsetOf(node: Node, offset: number): number | undefined {
  const p = paraOf(node);
  if (!p) return undefined;
  const range = document.createRange();
  range.setStart(p, 0);
  range.setEnd(node, offset);
  return Number(p.dataset.start) + range.toString().length;
}

/**
 * The DOM point of an abstract offset: in the paragraph holding it (an offset between paragraphs goes to
 * the start of the next one, or the end of the previous one when `atEnd`).
 */
export function pointAt(root: HTMLElement, offset: number, atEnd: boolean): { node: Node; offset: number } | undefined {
  const paras = Array.from(root.querySelectorAll<HTMLElement>('p.abstract-para'));
  if (!paras.length) return undefined;
  const bounds = (p: HTMLElement) => [Number(p.dataset.start), Number(p.dataset.end)] as const;
  let p = paras.find((el) => {
    const [s, e] = bounds(el);
    return atEnd ? offset > s && offset <= e : offset >= s && offset < e;
  });
  if (!p)
    p = atEnd
      ? ([...paras].reverse().find((el) => bounds(el)[1] <= offset) ?? paras[0])
      : (paras.find((el) => bounds(el)[0] >= offset) ?? paras[paras.length - 1]);
  const [s, e] = bounds(p);
  let left = Math.min(Math.max(offset, s), e) - s;
  const walker = document.createTreeWalker(p, NodeFilter.SHOW_TEXT);
  let last: Text | undefined;
  for (let t = walker.nextNode() as Text | null; t; t = walker.nextNode() as Text | null) {
    last = t;
    if (left < t.data.length || (atEnd && left === t.data.length)) return { node: t, offset: left };
    left -= t.data.length;
  }
  return last ? { node: last, offset: last.data.length } : { node: p, offset: 0 };
}

/** A selection in the abstract as offsets: start < end, direction kept (`backward` when made right to left). */
export interface AbstractSelection {
  start: number;
  end: number;
  backward: boolean;
}

/** What of the abstract the page's selection covers; spills into lists or the header are cut off. */
export function abstractSelection(root: HTMLElement, abstract: string): AbstractSelection | undefined {
  const sel = document.getSelection();
  if (!sel || sel.rangeCount === 0 || sel.isCollapsed) return undefined;
  const range = sel.getRangeAt(0);
  const paras = Array.from(root.querySelectorAll<HTMLElement>('p.abstract-para')).filter((p) =>
    range.intersectsNode(p),
  );
  if (!paras.length) return undefined;
  const first = paras[0];
  const last = paras[paras.length - 1];
  let start =
    (first.contains(range.startContainer) ? offsetOf(range.startContainer, range.startOffset) : undefined) ??
    Number(first.dataset.start);
  let end =
    (last.contains(range.endContainer) ? offsetOf(range.endContainer, range.endOffset) : undefined) ??
    Number(last.dataset.end);
  while (start < end && /\s/.test(abstract[start])) start++;
  while (end > start && /\s/.test(abstract[end - 1])) end--;
  if (start >= end) return undefined;
  let backward = false;
  if (sel.anchorNode && sel.focusNode) {
    const position = sel.anchorNode.compareDocumentPosition(sel.focusNode);
    backward =
      sel.anchorNode === sel.focusNode
        ? sel.focusOffset < sel.anchorOffset
        : (position & Node.DOCUMENT_POSITION_PRECEDING) !== 0;
  }
  return { start, end, backward };
}

/** Selects `[start, end)` of the abstract in the page, with the focus at `end` (or at `start` when backward). */
export function selectOffsets(root: HTMLElement, start: number, end: number, backward = false): void {
  const a = pointAt(root, start, false);
  const b = pointAt(root, end, true);
  const sel = document.getSelection();
  if (!a || !b || !sel) return;
  if (backward) sel.setBaseAndExtent(b.node, b.offset, a.node, a.offset);
  else sel.setBaseAndExtent(a.node, a.offset, b.node, b.offset);
  const focusEl = (backward ? a.node : b.node).parentElement;
  focusEl?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
}
