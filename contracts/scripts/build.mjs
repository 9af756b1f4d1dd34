// Transpiles src/**/*.ts into dist/ as CommonJS with swc, for the API at run time (the API's jest and every
// type check read src/ directly). Remotes import types only, so they never load dist/.
import { mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { transformFile } from '@swc/core';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const srcDir = path.join(root, 'src');
const outDir = path.join(root, 'dist');

await rm(outDir, { recursive: true, force: true });
let count = 0;
for (const entry of await readdir(srcDir, { recursive: true, withFileTypes: true })) {
  if (!entry.isFile() || !entry.name.endsWith('.ts') || entry.name.endsWith('.d.ts')) continue;
  const file = path.join(entry.parentPath, entry.name);
  const { code } = await transformFile(file, {
    swcrc: false,
    jsc: { parser: { syntax: 'typescript' }, target: 'es2022' },
    module: { type: 'commonjs' },
  });
  const target = path.join(outDir, path.relative(srcDir, file)).replace(/\.ts$/, '.js');
  await mkdir(path.dirname(target), { recursive: true });
  await writeFile(target, code);
  count += 1;
}
console.log(`contracts: ${count} files -> dist`);
