// Pieces of the content benchmarks: a seeded server in a child process (content-server.mjs of a build), and
// requests per second with autocannon in alternating slices, so that a change of machine load falls on every case.
import { fork } from 'node:child_process';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const autocannon = require('autocannon');

/** Forks `serverScript` (a build's bench/content-server.mjs); resolves with its ready message and the child. */
export function startServer(serverScript, engine, databaseUrl, dataDir) {
  const child = fork(serverScript, [engine, databaseUrl ?? '', dataDir], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  return new Promise((resolve, reject) => {
    child.once('message', (m) => resolve({ child, ...m }));
    child.once('exit', (code) => reject(new Error(`${engine} 基准服务器退出（${code}）`)));
  });
}

export async function stopServer(server) {
  const exited = new Promise((r) => server.child.once('exit', r));
  server.child.send('stop');
  await exited;
}

/** The bare route, the document list and document details (the ids the server sent). */
export function benchCases(docIds) {
  return {
    bare: ['/api/bench-bare/'],
    list: ['/api/docs/?page_size=20', '/api/docs/?page_size=20&page=2', '/api/docs/?page_size=20&ordering=-downloads'],
    detail: docIds.map((id) => `/api/docs/${id}/`),
  };
}

async function rps(base, name, paths, durationS, connections) {
  let i = 0;
  const result = await autocannon({
    url: base,
    connections,
    duration: durationS,
    requests: [{ method: 'GET', setupRequest: (req) => ({ ...req, path: paths[i++ % paths.length] }) }],
  });
  if (result.non2xx || result.errors) throw new Error(`${name}: ${result.non2xx} 个非 2xx 回答，${result.errors} 个错误`);
  return result.requests.average;
}

/**
 * Every case against every base, in `slices` rounds of `durationS` seconds each; a case's rate on a base is the
 * mean over its slices. Answers { case: [rate on bases[0], rate on bases[1], …] }.
 */
export async function alternating(bases, slices, durationS, connections, cases) {
  const sums = Object.fromEntries(Object.keys(cases).map((k) => [k, bases.map(() => 0)]));
  for (let slice = 0; slice < slices; slice += 1) {
    for (const [b, base] of bases.entries()) {
      for (const [name, paths] of Object.entries(cases)) sums[name][b] += await rps(base, name, paths, durationS, connections);
    }
  }
  return Object.fromEntries(Object.entries(sums).map(([k, v]) => [k, v.map((sum) => ({ rps: sum / slices }))]));
}
