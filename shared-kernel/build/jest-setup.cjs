// jsdom lacks a few globals that browsers (and React Router) have.
const { TextEncoder, TextDecoder } = require('node:util');

if (typeof globalThis.TextEncoder === 'undefined') globalThis.TextEncoder = TextEncoder;
if (typeof globalThis.TextDecoder === 'undefined') globalThis.TextDecoder = TextDecoder;

// findBy*/waitFor give up after 1 s by default: on a loaded two-core machine (CI) a page's first render and its
// fake-API round trip can take longer, and a test then fails by luck. A wait that succeeds returns as soon as the
// element appears, so the longer limit only slows a test that fails anyway.
require('@testing-library/dom').configure({ asyncUtilTimeout: 5000 });
