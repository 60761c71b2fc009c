/** The paper view's webview type: its serializer, `when` clauses and the tabs that show it use this name. */
export const PAPER_VIEW_TYPE = 'papers.paperView';
