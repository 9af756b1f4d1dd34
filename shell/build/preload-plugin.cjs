// Adds <link rel="preload"> hints to the shell's index.html for the scripts every page start needs (the bootstrap
// chunk and the shared libraries it consumes), so the browser fetches them in parallel with main.js instead of
// discovering them one after another while main.js runs. Chunks loaded only on demand are left out.

/**
 * Chunks fetched on demand only: the ads, the sanitizer for HTML toasts, the password encryption, the Markdown
 * renderer and its code highlighter (pages that show Markdown load them).
 */
const ON_DEMAND = /^(ads|lib-dompurify|lib-jsencrypt|md-engine|md-highlight|lib-marked|lib-highlight\.js)$/;

class StartupPreloadPlugin {
  apply(compiler) {
    const { Compilation, sources } = compiler.webpack;
    compiler.hooks.thisCompilation.tap('StartupPreloadPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        // after the HTML is written (ADDITIONAL), before it is compressed (OPTIMIZE_TRANSFER)
        { name: 'StartupPreloadPlugin', stage: Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_INLINE },
        () => {
          const html = compilation.getAsset('index.html');
          const main = compilation.entrypoints.get('main');
          if (!html || !main) return;
          const entryChunks = new Set(main.chunks);
          const chunks = new Set();
          const seen = new Set();
          const visit = (group) => {
            for (const child of group.getChildren()) {
              if (seen.has(child)) continue;
              seen.add(child);
              if ([...child.chunks].some((chunk) => ON_DEMAND.test(chunk.name ?? ''))) continue;
              // a shared module's fallback: the shell provides that module itself, so the fallback is never loaded
              if (child.origins.length > 0 && child.origins.every((o) => o.module?.constructor?.name === 'ConsumeSharedModule')) continue;
              for (const chunk of child.chunks) if (!entryChunks.has(chunk)) chunks.add(chunk);
              visit(child);
            }
          };
          visit(main);
          // a chunk whose modules another one already carries is never fetched on its own (webpack marks it loaded)
          const { chunkGraph } = compilation;
          const modulesOf = (chunk) => new Set(chunkGraph.getChunkModulesIterable(chunk));
          const covered = (chunk) => {
            const own = modulesOf(chunk);
            return [...chunks].some((other) => {
              if (other === chunk) return false;
              const theirs = modulesOf(other);
              return theirs.size > own.size && [...own].every((m) => theirs.has(m));
            });
          };
          const files = new Set();
          for (const chunk of chunks) {
            if (covered(chunk)) continue;
            for (const file of chunk.files) if (file.endsWith('.js')) files.add(file);
          }
          const publicPath = compilation.outputOptions.publicPath === 'auto' ? '/' : compilation.outputOptions.publicPath;
          const links = [...files].sort().map((f) => `<link rel="preload" as="script" href="${publicPath}${f}">`).join('');
          const text = html.source.source().toString().replace('</head>', `${links}</head>`);
          compilation.updateAsset('index.html', new sources.RawSource(text));
        },
      );
    });
  }
}

module.exports = { StartupPreloadPlugin };
