/**
 * Finds the items of a top-level JSON array without parsing them, so that each item can be parsed on its
 * own: a broken or cut-off item is then one problem, and the items around it still load. Strings and
 * their escapes are followed so brackets inside titles do not count.
 */

export interface JsonItemSpan {
  start: number;
  end: number;
  /** False for the last item of a file that ends inside it (a truncated file: open brackets or quotes). */
  complete: boolean;
}

export interface JsonArrayScan {
  items: JsonItemSpan[];
  /** Offset of the `]` that closes the array, or -1 when the file ends before it. */
  close: number;
}

const isSpace = (c: number) => c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09;

/** The item spans of the array whose `[` is at `open`, looking no further than `end`. */
export function scanJsonArray(text: string, open: number, end = text.length): JsonArrayScan {
  const items: JsonItemSpan[] = [];
  let depth = 0;
  let start = -1;
  let inString = false;
  for (let i = open + 1; i < end; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c /* \ */) i++;
      else if (c === 0x22 /* " */) inString = false;
      continue;
    }
    if (start < 0) {
      if (isSpace(c) || (c === 0x2c /* , */ && depth === 0)) continue;
      if (c === 0x5d /* ] */ && depth === 0) return { items, close: i };
      start = i;
    }
    if (c === 0x22) inString = true;
    else if (c === 0x7b /* { */ || c === 0x5b /* [ */) depth++;
    else if (c === 0x7d /* } */ || c === 0x5d /* ] */) {
      if (depth === 0) {
        // a `]` (or a stray `}`) at the top: the item before it ends here
        items.push({ start, end: i, complete: true });
        start = -1;
        if (c === 0x5d) return { items, close: i };
        continue;
      }
      depth--;
    } else if (c === 0x2c && depth === 0) {
      items.push({ start, end: i, complete: true });
      start = -1;
    }
  }
  // At the end of the file an item is whole if its brackets and quotes closed; at the `end` bound, JSON.parse judges it.
  if (start >= 0) items.push({ start, end, complete: end < text.length || (depth === 0 && !inString) });
  return { items, close: -1 };
}
