/** Notes are a service of the other features (services.ts): one Markdown file per paper in the workspace. */
export { WorkspaceNotes } from './notes';
