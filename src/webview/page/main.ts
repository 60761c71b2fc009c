// The paper view page script; see src/webview/protocol.ts.
export {};
