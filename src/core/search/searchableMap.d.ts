// MiniSearch's radix tree, an official export of the package ('minisearch/SearchableMap'). The project's
// "node" module resolution does not read package.json "exports", so the types are pointed at here; the
// bundler and Node resolve the module itself through "exports".

declare module 'minisearch/SearchableMap' {
  export { default } from 'minisearch/dist/es/SearchableMap';
}
