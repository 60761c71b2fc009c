// Math in the paper view, rendered by KaTeX (bundled into this page script only; its stylesheet and fonts are
// served from the extension's media/katex/, so nothing is fetched from the network).
//
// A formula is a <span class="math"> whose own text is the TeX source, with the rendering in its shadow root.
// The page's text, and so every offset the highlights and the selection use (abstractText.ts), stays exactly
// the abstract's characters, while the reader sees the formula. KaTeX builds DOM nodes (its inline styles are set
// through the CSSOM, which the page's CSP allows) and never runs commands that fetch or link (`trust` is off).
// A formula KaTeX cannot read is shown as its source.
import katex from 'katex';
import { MathSegment, mathSegments } from '../../core/common/mathSegments';

/** Rendered formulas by source, cloned for each use: a page is drawn again on every update of its paper. */
const rendered = new Map<string, HTMLElement | Error>();
const MAX_CACHED = 500;

/** KaTeX's stylesheet, which the host links in the page's head (pageHtml.ts); each shadow root links it too. */
function stylesheetHref(): string | undefined {
  return document.querySelector<HTMLLinkElement>('link#katex-css')?.href;
}

function render(seg: MathSegment): HTMLElement | Error {
  const key = `${seg.display ? 'D' : 'I'}${seg.tex}`;
  let out = rendered.get(key);
  if (!out) {
    const holder = document.createElement('span');
    try {
      katex.render(seg.tex, holder, {
        displayMode: seg.display,
        throwOnError: true,
        trust: false,
        strict: 'ignore',
        // bounds what a hostile abstract can make KaTeX build (with its default `maxExpand` of macro expansions)
        maxSize: 50,
      });
      out = holder;
    } catch (e) {
      out = e instanceof Error ? e : new Error(String(e));
    }
    if (rendered.size >= MAX_CACHED) rendered.clear();
    rendered.set(key, out);
  }
  return out;
}

/** One formula: its source as text, its rendering in a shadow root (or nothing more when KaTeX refused it). */
function formula(source: string, seg: MathSegment): HTMLElement {
  const host = document.createElement('span');
  host.className = seg.display ? 'math math-display' : 'math';
  host.append(source);
  const out = render(seg);
  if (out instanceof Error) {
    host.classList.add('math-error');
    host.title = `Shown as written: ${out.message.replace(/^KaTeX parse error: /, '')}`;
    return host;
  }
  const shadow = host.attachShadow({ mode: 'open' });
  const href = stylesheetHref();
  if (href) {
    const link = document.createElement('link');
    link.rel = 'stylesheet';
    link.href = href;
    shadow.append(link);
  }
  shadow.append(out.cloneNode(true));
  return host;
}

/**
 * The nodes for `text[from, to)`: text nodes, and a formula for each math segment wholly inside the range (one
 * the range cuts, as a highlight ending inside it does, stays text). `segments` are the whole text's.
 */
export function withMath(
  text: string,
  from = 0,
  to = text.length,
  segments: readonly MathSegment[] = mathSegments(text),
): Node[] {
  const nodes: Node[] = [];
  let at = from;
  for (const seg of segments) {
    if (seg.end <= from || seg.start < from) continue;
    if (seg.start >= to || seg.end > to) break;
    if (seg.start > at) nodes.push(document.createTextNode(text.slice(at, seg.start)));
    nodes.push(formula(text.slice(seg.start, seg.end), seg));
    at = seg.end;
  }
  if (at < to || nodes.length === 0) nodes.push(document.createTextNode(text.slice(at, to)));
  return nodes;
}
