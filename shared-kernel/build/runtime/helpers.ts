// What `@module-federation/runtime/helpers` is to the bundler runtime: only its shared tree shaking reads it, which
// this site does not use (see federation-runtime.ts); no snapshot is ever known.
export default {
  global: {
    getGlobalSnapshotInfoByModuleInfo: (): undefined => undefined,
  },
};
