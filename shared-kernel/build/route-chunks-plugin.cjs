// Emits route-chunks.json: for each page a remote loads lazily under a chunk named `route-<route name>` (a
// webpackChunkName comment on its import), the script files that page needs. The shell's server reads it to
// preload the current page's own chunks with the HTML (shell/server/static-server.ts), so they arrive with the
// remote entry instead of after it.
const PREFIX = 'route-';

class RouteChunksPlugin {
  apply(compiler) {
    const { Compilation, sources } = compiler.webpack;
    compiler.hooks.thisCompilation.tap('RouteChunksPlugin', (compilation) => {
      compilation.hooks.processAssets.tap({ name: 'RouteChunksPlugin', stage: Compilation.PROCESS_ASSETS_STAGE_SUMMARIZE }, () => {
        const routes = {};
        for (const [name, group] of compilation.namedChunkGroups) {
          if (!name.startsWith(PREFIX)) continue;
          routes[name.slice(PREFIX.length)] = group.getFiles().filter((file) => file.endsWith('.js'));
        }
        if (Object.keys(routes).length) compilation.emitAsset('route-chunks.json', new sources.RawSource(JSON.stringify(routes)));
      });
    });
  }
}

module.exports = { RouteChunksPlugin };
