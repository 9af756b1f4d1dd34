// Writes .gz and .br copies of text assets beside them, so the static servers can send pre-compressed files.
const zlib = require('node:zlib');

const COMPRESSIBLE = /\.(js|css|html|json|svg|txt|map)$/;

class PrecompressPlugin {
  apply(compiler) {
    const { Compilation, sources } = compiler.webpack;
    compiler.hooks.thisCompilation.tap('PrecompressPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'PrecompressPlugin', stage: Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_TRANSFER },
        (assets) => {
          for (const [name, source] of Object.entries(assets)) {
            if (!COMPRESSIBLE.test(name) || name.endsWith('.gz') || name.endsWith('.br')) continue;
            const buffer = source.buffer();
            compilation.emitAsset(`${name}.gz`, new sources.RawSource(zlib.gzipSync(buffer, { level: 9 })));
            compilation.emitAsset(
              `${name}.br`,
              new sources.RawSource(
                zlib.brotliCompressSync(buffer, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }),
              ),
            );
          }
        },
      );
    });
  }
}

module.exports = { PrecompressPlugin };
