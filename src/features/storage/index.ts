/** What the features share to keep the user's data in the workspace: atomic writes, JSON file stores, Restricted Mode. */
export { UserStore } from './userStore';
export { RestrictedModeApi, restrictedModeApi, assertCanWrite, refusedInRestrictedMode } from './restrictedMode';
export { JsonFileStore } from './jsonFileStore';
export { writeFileAtomic, createFileAtomic, replaceFile } from './workspaceFiles';
