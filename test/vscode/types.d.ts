// Types the VS Code test harness and the UI scenarios name in JSDoc (tsconfig.scripts.json checks the .mjs files).
// playwright-core is installed by the test set-up (setup.mjs, into .vscode-test/), which runs after
// `npm run typecheck` on a clean clone, so its own types cannot be imported here: its objects are `any`.

/** A Playwright page, locator, frame locator, browser or browser context (playwright-core, see above). */
export type Page = any;
export type Locator = any;
export type FrameLocator = any;
export type Browser = any;
export type BrowserContext = any;

/** A code-server started by codeServer.mjs's startCodeServer. */
export interface CodeServer {
  port: number;
  pid: number;
  baseUrl: string;
  logFile: string;
  /** The page URL that opens `folder` with the given extension development/test paths loaded. */
  workbenchUrl(options?: WorkbenchUrlOptions): string;
  /** How the process ended, once it has. */
  readonly exited: { code: number | null; signal: NodeJS.Signals | null } | null;
  stop(): Promise<void>;
}

export interface WorkbenchUrlOptions {
  folder?: string;
  extensionDevelopmentPath?: string;
  extensionTestsPath?: string;
  skipWelcome?: boolean;
}

/** What runUi.mjs hands each scenario's run (see its header). */
export interface ScenarioContext {
  page: Page;
  runCommand(title: string): Promise<void>;
  shot(name: string): Promise<string>;
  workspace: string;
  /** package.json, whose contributions some scenarios check. */
  manifest: any;
  server: CodeServer;
  holdAnalysisFile: string;
}

/** One entry of a scenario file's `scenarios`. */
export interface Scenario {
  name: string;
  run(ui: ScenarioContext): Promise<void>;
  prepare?(workspace: string): void | Promise<void>;
  skip?(): string | undefined | false;
  /** The folder to load the extension from instead of this repository (the web scenario's web-only copy). */
  extensionPath?(): string;
}
