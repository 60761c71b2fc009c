/**
 * Paper keys written in any file: `@paper:<key>` (the trigger is a setting) and, in Markdown, `[[key]]`
 * wikilinks (`[[key|shown text]]` too). Keys resolve by their id part (paperKey.ts), so a key written
 * before a title changed still works.
 */

export type MentionKind = 'trigger' | 'wikilink';

export interface Mention {
  kind: MentionKind;
  /** Offsets of the whole mention (trigger or brackets included). */
  start: number;
  end: number;
  /** Offsets of the key itself. */
  keyStart: number;
  keyEnd: number;
  key: string;
}

export const DEFAULT_KEY_TRIGGER = '@paper:';

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** A key: letters, digits, `-`, `_`, `.`, not ending in punctuation (a sentence's full stop is not part of it). */
const KEY = '[A-Za-z0-9](?:[A-Za-z0-9_.-]*[A-Za-z0-9])?';
const WIKILINK = /\[\[([^\]|\n]+?)(?:\|[^\]\n]*)?\]\]/g;

/** The trigger as configured, or the default when the setting is empty or only spaces. */
export function effectiveTrigger(trigger: string | undefined): string {
  return trigger && trigger.trim() ? trigger.trim() : DEFAULT_KEY_TRIGGER;
}

/** Every mention of a paper key in a text, in order. Wikilinks only when `wikilinks` is set (Markdown). */
export function findMentions(text: string, options: { trigger?: string; wikilinks?: boolean } = {}): Mention[] {
  const trigger = effectiveTrigger(options.trigger);
  const out: Mention[] = [];
  const triggered = new RegExp(`${escapeRegExp(trigger)}(${KEY})`, 'g');
  for (const m of text.matchAll(triggered)) {
    const start = m.index!;
    const keyStart = start + trigger.length;
    out.push({
      kind: 'trigger',
      start,
      end: keyStart + m[1].length,
      keyStart,
      keyEnd: keyStart + m[1].length,
      key: m[1],
    });
  }
  if (options.wikilinks) {
    for (const m of text.matchAll(WIKILINK)) {
      const raw = m[1];
      const key = raw.trim();
      if (!new RegExp(`^${KEY}$`).test(key)) continue;
      const keyStart = m.index! + 2 + raw.indexOf(key);
      out.push({
        kind: 'wikilink',
        start: m.index!,
        end: m.index! + m[0].length,
        keyStart,
        keyEnd: keyStart + key.length,
        key,
      });
    }
    out.sort((a, b) => a.start - b.start);
  }
  return out;
}

/** The mention whose span holds the offset, if any. */
export function mentionAt(mentions: readonly Mention[], offset: number): Mention | undefined {
  return mentions.find((m) => m.start <= offset && offset <= m.end);
}

export interface KeyCompletion {
  kind: MentionKind;
  /** Offset in the line where the typed part of the key begins (what a completion replaces). */
  keyStart: number;
  /** What was typed of the key so far. */
  typed: string;
  /** True when `]]` already follows the cursor (wikilinks): do not insert it again. */
  closed: boolean;
}

/**
 * Whether the cursor is where a paper key is being typed: right after the trigger (plus part of a key), or
 * after `[[` in Markdown. `linePrefix` is the line up to the cursor, `lineSuffix` the rest of the line.
 */
export function keyCompletionAt(
  linePrefix: string,
  lineSuffix: string,
  options: { trigger?: string; wikilinks?: boolean } = {},
): KeyCompletion | undefined {
  const trigger = effectiveTrigger(options.trigger);
  const typed = /[A-Za-z0-9_.-]*$/.exec(linePrefix)![0];
  const beforeKey = linePrefix.slice(0, linePrefix.length - typed.length);
  if (beforeKey.endsWith(trigger)) return { kind: 'trigger', keyStart: beforeKey.length, typed, closed: false };
  if (options.wikilinks) {
    const w = /\[\[\s*([^\]|\n]*)$/.exec(linePrefix);
    if (w && !w[1].includes(' ') && !w[1].includes('[')) {
      return {
        kind: 'wikilink',
        keyStart: linePrefix.length - w[1].length,
        typed: w[1],
        closed: /^[A-Za-z0-9_.-]*\]\]/.test(lineSuffix),
      };
    }
  }
  return undefined;
}
