// Emits route-owners.json beside index.html: for each route of the kernel's route table, its name, path pattern,
// the remote that renders it and whether it needs login. The shell's static server reads it to send preload hints for
// the current page's remote with the HTML (server/static-server.ts). Both tables are read from their TypeScript
// sources (no imports in either), so the route table stays written once.
const fs = require('node:fs');
const path = require('node:path');
const swc = require('@swc/core');

function load(file) {
  const { code } = swc.transformSync(fs.readFileSync(file, 'utf8'), {
    filename: path.basename(file),
    jsc: { parser: { syntax: 'typescript' }, target: 'es2020' },
    module: { type: 'commonjs' },
  });
  const module = { exports: {} };
  new Function('exports', 'module', code)(module.exports, module);
  return module.exports;
}

/** The owners table from the two sources: every route the shell does not render itself. */
function routeOwners(routeTable, shellRoutes) {
  const { ROUTES } = load(routeTable);
  const { SHELL_RENDERED_ROUTES } = load(shellRoutes);
  return ROUTES.filter((r) => !SHELL_RENDERED_ROUTES.has(r.name)).map((r) => ({ name: r.name, path: r.path, remote: r.remote, needLog: r.needLog }));
}

class RouteOwnersPlugin {
  constructor({ routeTable, shellRoutes }) {
    this.routeTable = routeTable;
    this.shellRoutes = shellRoutes;
  }
  apply(compiler) {
    const { Compilation, sources } = compiler.webpack;
    compiler.hooks.thisCompilation.tap('RouteOwnersPlugin', (compilation) => {
      compilation.fileDependencies.add(this.routeTable);
      compilation.fileDependencies.add(this.shellRoutes);
      compilation.hooks.processAssets.tap({ name: 'RouteOwnersPlugin', stage: Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL }, () => {
        const owners = routeOwners(this.routeTable, this.shellRoutes);
        compilation.emitAsset('route-owners.json', new sources.RawSource(JSON.stringify(owners)));
      });
    });
  }
}

module.exports = { RouteOwnersPlugin, routeOwners };
