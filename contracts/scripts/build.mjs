// Transpiles src/ into dist/ (CommonJS) for the API at run time (the API's jest and every type check read src/
// directly). Remotes import types only, so they never load dist/. Also run by the API's build.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { transpileTree } from '../../scripts/transpile.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const count = await transpileTree(path.join(root, 'src'), path.join(root, 'dist'));
console.log(`contracts: ${count} files -> dist`);
