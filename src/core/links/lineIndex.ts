import { LineStarts } from '../common';
import type { TextPosition, TextRange } from './codeAnchorTypes';

/** Line starts of a `\n`-separated text, for offset <-> position conversions. */
export class LineIndex extends LineStarts {
  constructor(readonly text: string) {
    super(text);
  }

  get lineCount(): number {
    return this.starts.length;
  }

  lineLength(line: number): number {
    const end = line + 1 < this.starts.length ? this.starts[line + 1] - 1 : this.text.length;
    return end - this.starts[line];
  }

  lineStart(line: number): number {
    return this.starts[Math.max(0, Math.min(line, this.starts.length - 1))];
  }

  /** The offset of a position; undefined when the position is not in the text. */
  offsetAt(line: number, character: number): number | undefined {
    if (
      !Number.isInteger(line) ||
      !Number.isInteger(character) ||
      line < 0 ||
      character < 0 ||
      line >= this.starts.length
    )
      return undefined;
    if (character > this.lineLength(line)) return undefined;
    return this.starts[line] + character;
  }

  positionAt(offset: number): TextPosition {
    const o = Math.max(0, Math.min(offset, this.text.length));
    const line = this.zeroBasedLineAt(o);
    return { line, character: o - this.starts[line] };
  }

  /** The offsets of a range; undefined when it does not fit the text or is reversed. */
  offsetsOf(range: TextRange): [number, number] | undefined {
    const start = this.offsetAt(range.startLine, range.startCharacter);
    const end = this.offsetAt(range.endLine, range.endCharacter);
    return start !== undefined && end !== undefined && start <= end ? [start, end] : undefined;
  }

  rangeOf(start: number, end: number): TextRange {
    const s = this.positionAt(start);
    const e = this.positionAt(end);
    return { startLine: s.line, startCharacter: s.character, endLine: e.line, endCharacter: e.character };
  }
}
