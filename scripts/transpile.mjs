// One TypeScript -> CommonJS transpiler for the Node-side packages (the API, the wire contract): swc, file by file,
// keeping the folder layout. Type checking is tsc's (`npm run typecheck`); TypeScript 7 has no JavaScript API.
import { mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { transformFile } from '@swc/core';

/** Empties `outDir`, writes every `.ts` of `srcDir` (not `.d.ts`) there as `.js`, and answers how many. */
export async function transpileTree(srcDir, outDir) {
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
  return count;
}
