// Keyboard selection in the abstract, word by word: arrows move, Shift+arrows extend, Home/End go to the
// paragraph's ends, Enter highlights, Escape clears. The page's own selection is the state, so the mouse
// and the keyboard can take turns.
import { AbstractSelection, abstractSelection, Paragraph, paragraphsOf, selectOffsets, wordsOf } from './abstractText';

export interface KeyboardSelectionHost {
  /** The element holding the abstract's paragraphs. */
  root(): HTMLElement | null;
  onHighlight(): void;
  onClear(): void;
}

export class KeyboardSelection {
  private abstract = '';
  private words: Paragraph[] = [];
  /** The last selection made here, in words; dropped when the page's selection is another one. */
  private made: { anchor: number; focus: number; start: number; end: number } | undefined;

  constructor(private readonly host: KeyboardSelectionHost) {}

  setAbstract(abstract: string): void {
    if (abstract === this.abstract) return;
    this.abstract = abstract;
    this.words = wordsOf(abstract);
    this.made = undefined;
  }

  forget(): void {
    this.made = undefined;
  }

  /** Selects the first word when nothing of the abstract is selected (focus arriving by keyboard). */
  selectFirstWord(): void {
    const root = this.host.root();
    if (root && !abstractSelection(root, this.abstract)) this.select(0, 0);
  }

  readonly onKeyDown = (e: KeyboardEvent): void => {
    const { words } = this;
    if (e.target !== e.currentTarget || !words.length || e.altKey || e.metaKey) return;
    const state = this.state();
    const at = state?.focus ?? -1;
    let anchor = state?.anchor ?? 0;
    let focus: number;
    switch (e.key) {
      case 'ArrowRight':
        focus = state ? at + 1 : 0;
        break;
      case 'ArrowLeft':
        focus = state ? at - 1 : words.length - 1;
        break;
      case 'Home':
        focus = state ? this.paragraphBounds(at)[0] : 0;
        break;
      case 'End':
        focus = state ? this.paragraphBounds(at)[1] : words.length - 1;
        break;
      case 'Enter':
        e.preventDefault();
        this.host.onHighlight();
        return;
      case 'Escape':
        if (state) {
          e.preventDefault();
          document.getSelection()?.removeAllRanges();
          this.made = undefined;
          this.host.onClear();
        }
        return;
      default:
        return;
    }
    e.preventDefault();
    focus = Math.min(Math.max(focus, 0), words.length - 1);
    // A plain arrow on a longer selection collapses it to its edge, as in a text field.
    if (!e.shiftKey && state && state.anchor !== state.focus && (e.key === 'ArrowRight' || e.key === 'ArrowLeft')) {
      focus = e.key === 'ArrowRight' ? Math.max(state.anchor, state.focus) : Math.min(state.anchor, state.focus);
    }
    if (!e.shiftKey || !state) anchor = focus;
    this.select(anchor, focus);
  };

  /** The word holding `offset`, else the next one (the previous one when `preferPrevious`). */
  private wordAt(offset: number, preferPrevious: boolean): number {
    const { words } = this;
    let lo = 0;
    let hi = words.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (words[mid].end <= offset) lo = mid + 1;
      else hi = mid;
    }
    if (preferPrevious && lo > 0 && words[lo].start >= offset) return lo - 1;
    return lo;
  }

  private select(anchor: number, focus: number): void {
    const root = this.host.root();
    const { words } = this;
    if (!root || !words.length) return;
    const a = Math.min(Math.max(anchor, 0), words.length - 1);
    const f = Math.min(Math.max(focus, 0), words.length - 1);
    const start = words[Math.min(a, f)].start;
    const end = words[Math.max(a, f)].end;
    selectOffsets(root, start, end, f < a);
    this.made = { anchor: a, focus: f, start, end };
  }

  /** The selection in words, taken from the page's selection when the mouse changed it since. */
  private state(): { anchor: number; focus: number } | undefined {
    const root = this.host.root();
    const sel: AbstractSelection | undefined = root ? abstractSelection(root, this.abstract) : undefined;
    if (!sel) return undefined;
    if (this.made && this.made.start === sel.start && this.made.end === sel.end) return this.made;
    const first = this.wordAt(sel.start, false);
    const last = this.wordAt(sel.end, true);
    return sel.backward ? { anchor: last, focus: first } : { anchor: first, focus: last };
  }

  private paragraphBounds(wordIndex: number): [number, number] {
    const w = this.words[wordIndex];
    const para = paragraphsOf(this.abstract).find((p) => w.start >= p.start && w.end <= p.end);
    if (!para) return [0, this.words.length - 1];
    return [this.wordAt(para.start, false), this.wordAt(para.end, true)];
  }
}
