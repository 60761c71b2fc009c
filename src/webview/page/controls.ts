// Small DOM builders of the paper view: elements with text (always as text, never HTML), labelled buttons
// and the color radio group.
import { ANNOTATION_COLORS } from '../protocol';
import type { AnnotationColor } from '../protocol';

const COLOR_LABELS: Record<AnnotationColor, string> = { yellow: 'Yellow', green: 'Green', blue: 'Blue', pink: 'Pink' };

/** Creates an element with optional class and text; text always goes through `textContent`. */
export function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  className?: string,
  text?: string,
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

export function button(
  className: string,
  text: string,
  label: string,
  focusKey: string,
  onClick: () => void,
): HTMLButtonElement {
  const b = el('button', className, text);
  b.type = 'button';
  b.setAttribute('aria-label', label);
  b.title = label;
  b.dataset.focusKey = focusKey;
  b.addEventListener('click', onClick);
  return b;
}

/** Color swatches as a radio group: arrow keys move the choice, one tab stop. */
export function colorPicker(
  keyPrefix: string,
  chosen: AnnotationColor,
  label: string,
  onPick: (c: AnnotationColor) => void,
): HTMLElement {
  const group = el('div', 'swatches');
  group.setAttribute('role', 'radiogroup');
  group.setAttribute('aria-label', label);
  const radios: HTMLButtonElement[] = [];
  const pick = (c: AnnotationColor, focus: boolean) => {
    for (const r of radios) {
      const on = r.dataset.color === c;
      r.setAttribute('aria-checked', String(on));
      r.tabIndex = on ? 0 : -1;
      if (on && focus) r.focus();
    }
    onPick(c);
  };
  for (const c of ANNOTATION_COLORS) {
    const r = el('button', `swatch hl-${c}`);
    r.type = 'button';
    r.setAttribute('role', 'radio');
    r.setAttribute('aria-label', COLOR_LABELS[c]);
    r.title = COLOR_LABELS[c];
    r.dataset.color = c;
    r.dataset.focusKey = `${keyPrefix}:${c}`;
    r.setAttribute('aria-checked', String(c === chosen));
    r.tabIndex = c === chosen ? 0 : -1;
    r.addEventListener('click', () => pick(c, true));
    r.addEventListener('keydown', (e) => {
      const step =
        e.key === 'ArrowRight' || e.key === 'ArrowDown' ? 1 : e.key === 'ArrowLeft' || e.key === 'ArrowUp' ? -1 : 0;
      if (!step) return;
      e.preventDefault();
      const i = (ANNOTATION_COLORS.indexOf(c) + step + ANNOTATION_COLORS.length) % ANNOTATION_COLORS.length;
      pick(ANNOTATION_COLORS[i], true);
    });
    radios.push(r);
    group.append(r);
  }
  return group;
}
