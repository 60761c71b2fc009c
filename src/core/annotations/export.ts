/**
 * `Papers: Export Annotations`: what the user wrote on the papers, as a Markdown digest grouped by theme
 * (title, tags, highlights with their notes) and as a W3C Web Annotation collection for other tools.
 * Pure: the caller gives the papers, their themes and user data.
 */
import { Annotation, anchorAll, toW3C } from './annotations';
import { inlineMarkdown } from '../notes';

/** One paper as the export sees it. */
export interface AnnotatedPaper {
  key: string;
  title: string;
  /** The abstract as it is now: highlights are re-anchored in it, so the digest quotes the current words. */
  abstract: string;
  themeLabel: string;
  tags: readonly string[];
  annotations: readonly Annotation[];
}

/** Papers with something to export (a tag or a highlight), grouped by theme in the order themes came first. */
function byTheme(papers: readonly AnnotatedPaper[]): Map<string, AnnotatedPaper[]> {
  const groups = new Map<string, AnnotatedPaper[]>();
  for (const p of papers) {
    if (p.tags.length === 0 && p.annotations.length === 0) continue;
    const list = groups.get(p.themeLabel) ?? [];
    list.push(p);
    groups.set(p.themeLabel, list);
  }
  return groups;
}

const oneLine = (s: string) => inlineMarkdown(s.replace(/\s+/g, ' ').trim());

/** A highlight as a list item: its words (as they are now, or as stored when it is detached), color, note. */
function highlightLines(paper: AnnotatedPaper): string[] {
  const lines: string[] = [];
  for (const { annotation, anchor, number } of anchorAll(paper.annotations, paper.abstract)) {
    const detached = anchor.status === 'detached';
    const words = detached ? annotation.target.selector[0].exact : paper.abstract.slice(anchor.start, anchor.end);
    lines.push(
      `${number}. “${oneLine(words)}” _(${annotation.color}${detached ? ', detached: no longer found in the abstract' : ''})_`,
    );
    if (annotation.note) {
      for (const noteLine of annotation.note.trim().split(/\r?\n/)) lines.push(`   > ${inlineMarkdown(noteLine)}`);
    }
  }
  return lines;
}

/** The digest: `# Annotations`, a `##` per theme, a `###` per paper with its key, tags and highlights. */
export function annotationsDigest(
  papers: readonly AnnotatedPaper[],
  options: { title?: string; date?: Date } = {},
): string {
  const groups = byTheme(papers);
  const out = [`# ${oneLine(options.title ?? 'Annotations')}`];
  const count = [...groups.values()].reduce((n, list) => n + list.length, 0);
  const highlights = [...groups.values()].flat().reduce((n, p) => n + p.annotations.length, 0);
  out.push(
    '',
    `${count} paper${count === 1 ? '' : 's'}, ${highlights} highlight${highlights === 1 ? '' : 's'}${options.date ? ` · exported ${options.date.toISOString().slice(0, 10)}` : ''}`,
  );
  if (count === 0) out.push('', '_No tags or highlights yet._');
  for (const [theme, list] of groups) {
    out.push('', `## ${oneLine(theme)}`);
    for (const paper of list) {
      out.push('', `### ${oneLine(paper.title)}`, '', `\`${paper.key.replace(/`/g, "'")}\``);
      if (paper.tags.length) out.push('', `Tags: ${paper.tags.map((t) => `#${inlineMarkdown(t)}`).join(' ')}`);
      const lines = highlightLines(paper);
      if (lines.length) out.push('', ...lines);
    }
  }
  return `${out.join('\n')}\n`;
}

/**
 * Every highlight as a W3C Web Annotation, in an AnnotationCollection with a single page (the Web
 * Annotation Protocol's container shape), so tools that read either a collection or its items can use it.
 */
export function annotationsW3C(
  papers: readonly AnnotatedPaper[],
  options: { label?: string } = {},
): Record<string, unknown> {
  const items = papers.flatMap((p) =>
    anchorAll(p.annotations, p.abstract).map(({ annotation }) => toW3C(annotation, p.key)),
  );
  return {
    '@context': 'http://www.w3.org/ns/anno.jsonld',
    type: 'AnnotationCollection',
    label: options.label ?? 'Papers annotations',
    total: items.length,
    first: { type: 'AnnotationPage', startIndex: 0, items },
  };
}
