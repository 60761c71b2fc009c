/** Line numbers of offsets in a text, counted as editors do: a line ends at `\n`. */

/** 1-based line of a character offset: one more than the line feeds before it. */
export function lineOfOffset(text: string, offset: number): number {
  let line = 1;
  for (let i = text.indexOf('\n'); i !== -1 && i < offset; i = text.indexOf('\n', i + 1)) line++;
  return line;
}

/** How many lines a text has: the line of its end. */
export function lineCount(text: string): number {
  return lineOfOffset(text, text.length);
}

/**
 * 1-based lines of many offsets in one text: the line starts are found once, then each lookup is a binary
 * search, where lineOfOffset would scan the text again for every entry of a long file.
 */
export class LineStarts {
  /** The offset where each line starts, the first line's (0) included. */
  protected readonly starts: number[] = [0];
  constructor(text: string) {
    for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) this.starts.push(i + 1);
  }
  /** 1-based line of an offset, as messages about a file name it. */
  lineAt(offset: number): number {
    return this.zeroBasedLineAt(offset) + 1;
  }
  /** 0-based line of an offset, as editors count positions. */
  zeroBasedLineAt(offset: number): number {
    let lo = 0;
    let hi = this.starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (this.starts[mid] <= offset) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  }
}
