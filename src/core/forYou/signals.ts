/**
 * The reader's signals, read from what Papers already stores: the marks and highlights of `.papers/papers/<id>.json`,
 * the notes files, the code links of `.papers/links/`. Pure: the extension and the CLI each read the files and
 * hand their contents here, so both see the same signals.
 */
import { ANNOTATIONS_END, ANNOTATIONS_START, annotationsOf } from '../annotations';
import { PaperUserData } from '../papers';
import { PaperSignal, SignalKind } from './types';

/** What the signals are made from; every part is optional (a workspace may have no notes or no links). */
export interface SignalSources {
  /** Each paper's stored data (`.papers/papers/<id>.json`). */
  userData?: Iterable<readonly [id: string, data: Readonly<PaperUserData>]>;
  /** Each paper's notes file text (the paper it belongs to already resolved). */
  notes?: Iterable<readonly [id: string, text: string]>;
  /** The code links: the paper and the workspace-relative file the link is in. */
  links?: Iterable<{ readonly paper: string; readonly file: string }>;
}

/**
 * The order signals are listed in, strongest first: the ranking names, for each paper a reason points to, the
 * first signal it finds for it.
 */
const STRENGTH: readonly SignalKind[] = [
  'starred',
  'tagged',
  'highlighted',
  'noted',
  'linked',
  'notInterested',
  'read',
];

/** Every signal of the sources, strongest kind first; a link file listed once per paper and file. */
export function collectSignals(sources: SignalSources): PaperSignal[] {
  const signals: PaperSignal[] = [];
  // one paper's file may hold any number of tags: no spreading of its list into one call
  for (const [id, data] of sources.userData ?? []) for (const signal of userDataSignals(id, data)) signals.push(signal);
  for (const [id, text] of sources.notes ?? []) if (notesHaveOwnText(text)) signals.push({ id, kind: 'noted' });
  const linked = new Set<string>();
  for (const { paper, file } of sources.links ?? []) {
    const key = `${paper}\n${file}`;
    if (linked.has(key)) continue;
    linked.add(key);
    signals.push({ id: paper, kind: 'linked', file });
  }
  const rank = (s: PaperSignal) => STRENGTH.indexOf(s.kind);
  // a stable sort: within a kind the order of the sources is kept
  return signals.sort((a, b) => rank(a) - rank(b));
}

/** The signals one paper's stored data gives: its star, tags, highlights, read mark and "not interested". */
export function userDataSignals(id: string, data: Readonly<PaperUserData>): PaperSignal[] {
  const out: PaperSignal[] = [];
  if (data.starred === true) out.push({ id, kind: 'starred' });
  const tags = Array.isArray(data.tags) ? data.tags.filter((t): t is string => typeof t === 'string') : [];
  for (const tag of new Set(tags)) out.push({ id, kind: 'tagged', tag });
  if (annotationsOf(data).length > 0) out.push({ id, kind: 'highlighted' });
  if (data.notInterested === true) out.push({ id, kind: 'notInterested' });
  if (data.read === true) out.push({ id, kind: 'read' });
  return out;
}

/**
 * Whether a notes file holds text the reader wrote, not only what Papers wrote there: the template (front matter,
 * title, quoted abstract, the `## Notes` heading) and the highlights section are not the reader's. With a
 * `## Notes` heading, only what follows it counts (the template puts the byline of a paper without abstract above
 * it as plain text); without one (the reader rewrote the file), any line that is not a heading or a quote counts.
 */
export function notesHaveOwnText(text: string): boolean {
  const lines = withoutPapersSections(text).split(/\r?\n/);
  const notesHeading = lines.findIndex((line) => /^##\s+Notes\s*$/i.test(line.trim()));
  const body = notesHeading >= 0 ? lines.slice(notesHeading + 1) : lines;
  return body.some((line) => {
    const t = line.trim();
    return t !== '' && (notesHeading >= 0 || !/^(#{1,6}\s|#{1,6}$|>)/.test(t));
  });
}

/** The text without its front matter and without the highlights section Papers writes between its markers. */
function withoutPapersSections(text: string): string {
  let body = text.replace(/^\uFEFF?---[ \t]*\r?\n[\s\S]*?^(?:---|\.\.\.)[ \t]*(?:\r?\n|$)/m, (m, offset: number) =>
    offset === 0 ? '' : m,
  );
  const start = body.indexOf(ANNOTATIONS_START);
  const end = body.indexOf(ANNOTATIONS_END, start);
  if (start >= 0 && end > start) body = body.slice(0, start) + body.slice(end + ANNOTATIONS_END.length);
  return body;
}
