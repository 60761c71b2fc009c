import { anchorAll, annotationsOf } from '../../core/annotations';
import type { Paper, PaperUserData } from '../../core/papers';
import type { AnnotationView } from '../../webview/protocol';

// No vscode import: the paper view's model is built from this in the bench of the morning pass's steps.
/** A paper's highlights as the paper view shows them: anchored in its abstract, numbered in reading order. */
export function annotationViews(paper: Paper, data: Readonly<PaperUserData>): AnnotationView[] {
  return anchorAll(annotationsOf(data), paper.abstract).map(({ annotation, anchor, number }) => {
    const view: AnnotationView = {
      id: annotation.id,
      number,
      color: annotation.color,
      quote: annotation.target.selector[0].exact,
      start: anchor.start,
      end: anchor.end,
      status: anchor.status,
    };
    if (annotation.note) view.note = annotation.note;
    return view;
  });
}
