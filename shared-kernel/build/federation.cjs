// The one place where the federation contract lives: which libraries every app shares, as singletons, and how
// they resolve. Each app's webpack config takes this through createAppConfig(), so all builds agree.
const path = require('node:path');

const root = path.resolve(__dirname, '..', '..');
const packageDir = (pkg) => path.dirname(require.resolve(`${pkg}/package.json`, { paths: [root] }));
const versionOf = (pkg) => require(path.join(packageDir(pkg), 'package.json')).version;
const kernelVersion = require('../package.json').version;

function singleton(pkg, importPath = pkg, extra = {}) {
  const version = versionOf(pkg);
  return [importPath, { singleton: true, requiredVersion: `^${version.split('.')[0]}.0.0`, version, ...extra }];
}

const sharedSingletons = Object.fromEntries([
  singleton('react'),
  singleton('react', 'react/jsx-runtime'),
  singleton('react-dom'),
  singleton('react-dom', 'react-dom/client'),
  // Shared libraries are not tree-shaken per consumer: these two share a fixed list of exports (see shared/).
  singleton('react-router-dom', 'react-router-dom', { import: path.join(__dirname, 'shared', 'react-router-dom.mjs') }),
  singleton('rxjs', 'rxjs', { import: path.join(__dirname, 'shared', 'rxjs.mjs') }),
  singleton('axios'),
  // The kernel is versioned 0.x: pin the minor line rather than the major.
  ['shared-kernel', { singleton: true, requiredVersion: `~${kernelVersion}`, version: kernelVersion }],
]);

/** Aliases the shared lists above import from; names that are not shared keys, so they are not intercepted. */
const vendorAliases = {
  // React Router's package exports point bundlers at its development build; use the production one.
  '@federation-vendor/react-router$': path.join(packageDir('react-router'), 'dist', 'production', 'index.mjs'),
  '@federation-vendor/rxjs$': path.join(packageDir('rxjs'), 'dist', 'esm', 'index.js'),
};

module.exports = { sharedSingletons, vendorAliases };
