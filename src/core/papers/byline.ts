/** "Jane Doe, John Roe · 2019": who wrote a paper and when, as far as its file says; empty when it says neither. */
export function bylineOf(paper: { authors?: string[]; year?: string }): string {
  return [paper.authors?.join(', '), paper.year].filter(Boolean).join(' · ');
}
