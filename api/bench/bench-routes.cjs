// Preloaded by the load benchmark only (`node <start flags> --require bench/bare-route.cjs dist/main.js`): adds the
// bare route GET /api/bench-bare/ to the API's Fastify instance as it is created, before any plugin, so that it
// goes through the same hooks (headers, rate limiting, session lookup) as every route, and does no work. Nothing
// in dist/ knows of it: the production start has no such route.
const diagnostics = require('node:diagnostics_channel');

let added = false;
diagnostics.subscribe('fastify.initialization', ({ fastify }) => {
  if (added) return; // the API's own instance is the first one made
  added = true;
  fastify.get('/api/bench-bare/', async () => ({ ok: true }));
});
