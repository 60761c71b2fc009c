/** Name and descriptor put together within the title length: common expansions as acronyms, then a shorter descriptor. */

import { type Doc } from './abstractDoc';
import { MAX_TITLE } from './limits';
import { shorten } from './shorten';
import { topicPhrase } from './topic';
import { EPONYMS } from './wordLists';

const capFirst = (s: string): string => (s && !/^[a-z]+[A-Z]/.test(s) ? s[0].toUpperCase() + s.slice(1) : s);

const lowerFirst = (s: string): string =>
  /^[A-Z][a-z]/.test(s) && !/^[A-Z][a-z]*[A-Z]/.test(s.split(' ')[0]) ? s[0].toLowerCase() + s.slice(1) : s;

/** Common expansions written as their acronym when a title runs long. */
const COMPACT: [RegExp, string][] = [
  [/^multimodal large language models?$/i, 'MLLMs'],
  [/^large language models$/i, 'LLMs'],
  [/^large language model$/i, 'LLM'],
  [/^vision-language models$/i, 'VLMs'],
  [/^vision-language model$/i, 'VLM'],
  [/^vision-language-action$/i, 'VLA'],
  [/^reinforcement learning$/i, 'RL'],
  [/^supervised fine-tuning$/i, 'SFT'],
  [/^chain-of-thought$/i, 'CoT'],
];

function compactWords(ws: string[]): string[] {
  const out = ws.slice();
  for (let n = 4; n >= 1; n--) {
    for (let i = 0; i + n <= out.length; i++) {
      const span = out.slice(i, i + n).join(' ');
      for (const [re, acr] of COMPACT) if (re.test(span)) out.splice(i, n, acr);
    }
  }
  return out;
}

export function fitTitle(doc: Doc, method: string | null, desc: string[]): { title: string; descriptor: string } {
  const first = (d: string): string => {
    const w0 = d.split(' ')[0] ?? '';
    return doc.properNouns.has(w0.toLowerCase()) || EPONYMS.has(w0.toLowerCase()) ? d : lowerFirst(d);
  };
  const render = (a: string[]): string => {
    const d = a.join(' ');
    return method ? `${method}: ${first(d)}` : capFirst(d);
  };
  let ws = desc.slice();
  if (render(ws).length > MAX_TITLE) ws = compactWords(ws);
  if (render(ws).length > MAX_TITLE) {
    const full = ws;
    for (let n = full.length - 1; n >= 1; n--) {
      ws = shorten(full, n);
      if (render(ws).length <= MAX_TITLE) break;
    }
  }
  if (ws.length === 0 || (method && render(ws).length > MAX_TITLE + 10)) ws = method ? [] : topicPhrase(doc, new Set());
  const descriptor = first(ws.join(' '));
  if (!descriptor) return { title: method ?? '', descriptor: '' };
  return { title: render(ws), descriptor };
}
