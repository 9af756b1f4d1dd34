// Stands in for browser-only code in a server build (createServerConfig's browserOnly): nothing to run there.
module.exports = {};
