import fc from 'fast-check';

// PGlite needs about 3 s to start an instance, more when the machine is busy; hooks and tests may start several.
jest.setTimeout(60_000);

// Property-based tests run the same cases on every run (a clean CI run never fails by luck). FC_SEED replays
// another seed; a failing property prints its seed and path, so the failure can be replayed exactly.
fc.configureGlobal({ seed: Number(process.env.FC_SEED ?? 20261124) });
