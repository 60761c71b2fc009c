import { makeDoc } from './abstractDoc';
import { namedDescriptor, plainDescriptor } from './descriptors';
import { fitTitle } from './fitTitle';
import { MAX_DESC_WORDS } from './limits';
import { pickMethod } from './pickMethod';
import { shorten } from './shorten';
import { topicPhrase } from './topic';

export interface TitleResult {
  title: string;
  method: string | null;
  descriptor: string;
}

/** Derives a display title, the introduced method name (or null) and a short descriptor from an abstract. */
export function deriveTitle(abstract: string): TitleResult {
  const text = abstract.trim();
  if (!text) return { title: 'Untitled abstract', method: null, descriptor: '' };
  const doc = makeDoc(text);
  const cand = pickMethod(doc);
  const method = cand ? cand.name.replace(/^["“]|["”]$/g, '') : null;
  let desc = cand ? namedDescriptor(doc, cand) : plainDescriptor(doc);
  if (desc.length > MAX_DESC_WORDS + 2) desc = shorten(desc, MAX_DESC_WORDS);
  if (desc.length === 0) desc = topicPhrase(doc, new Set(method ? [method] : []));
  const { title, descriptor } = fitTitle(doc, method, desc);
  if (!descriptor) return { title: method ?? 'Untitled abstract', method, descriptor: '' };
  return { title, method, descriptor };
}
