// Preloaded by the load benchmark only (`node <start flags> --require bench/bench-routes.cjs dist/main.js`): adds two
// routes to the API's Fastify instance as it is created, before any plugin, so that they go through the same hooks
// (headers, rate limiting, session lookup) as every route. Nothing in dist/ knows of them: the production start has
// no such routes.
// - GET /api/bench-bare/ does no work: the bare route the other cases are measured against.
// - POST /api/bench-count/ {id} counts one more download of a document as a download does it (repositories/downloads.ts
//   countDownload, then services/grants.ts's app.content.rows.counted): the part of a download that reaches the
//   lists' and searches' caches, for the cases that run while people download (load.mjs, *-live).
// - POST /api/bench-edit/ {id} edits a document's title as an edit does for the caches (one UPDATE, whose trigger tells
//   every process, then app.content.rows.changed): for the case that runs while documents are edited (search-edits).
const diagnostics = require('node:diagnostics_channel');
const path = require('node:path');

/** The measured build's own repository function (dist/, beside the main file this process runs). */
const countDownload = (...args) =>
  require(path.join(path.dirname(process.argv[1]), 'modules', 'content', 'repositories', 'downloads.js')).countDownload(...args);

let added = false;
diagnostics.subscribe('fastify.initialization', ({ fastify }) => {
  if (added) return; // the API's own instance is the first one made
  added = true;
  fastify.get('/api/bench-bare/', async () => ({ ok: true }));
  fastify.post('/api/bench-count/', async (request) => {
    const id = Number(request.body?.id);
    const app = request.server;
    await countDownload(app.db, 'docs_id', id); // the benchmark sends ids of public documents only (siteFacts)
    app.content.rows.counted('documents', id);
    return { counted: 1 };
  });
  fastify.post('/api/bench-edit/', async (request) => {
    const id = Number(request.body?.id);
    const app = request.server;
    // a mark added or taken off, so that the titles stay as the seed made them between runs
    await app.db.query(
      `UPDATE documents SET title = CASE WHEN right(title, 4) = '（修订）' THEN left(title, -4) ELSE title || '（修订）' END WHERE id = $1`,
      [id],
    );
    app.content.rows.changed('documents', id);
    return { counted: 1 };
  });
});
