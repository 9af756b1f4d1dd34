// Transpiles src/**/*.ts into dist/ as CommonJS with swc, keeping the folder layout, after the wire contract
// (contracts/, which the API loads at run time). Type checking is `tsc -p api/tsconfig.json` (TypeScript 7 has
// no JavaScript API to transpile with).
import { mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { transformFile } from '@swc/core';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
await import(path.join(root, '..', 'contracts', 'scripts', 'build.mjs'));
const srcDir = path.join(root, 'src');
const outDir = path.join(root, 'dist');

async function* tsFiles(dir) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* tsFiles(full);
    else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts')) yield full;
  }
}

await rm(outDir, { recursive: true, force: true });
let count = 0;
for await (const file of tsFiles(srcDir)) {
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
console.log(`api: ${count} files -> ${path.relative(process.cwd(), outDir) || '.'}`);
