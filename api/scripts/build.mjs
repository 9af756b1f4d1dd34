// Transpiles src/**/*.ts into dist/ as CommonJS, after the wire contract (contracts/, which the API loads at run
// time). Type checking is `tsc -p api/tsconfig.json`.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { transpileTree } from '../../scripts/transpile.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
await import(path.join(root, '..', 'contracts', 'scripts', 'build.mjs'));
const outDir = path.join(root, 'dist');
const count = await transpileTree(path.join(root, 'src'), outDir);
console.log(`api: ${count} files -> ${path.relative(process.cwd(), outDir) || '.'}`);
