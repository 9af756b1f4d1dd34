// PGlite needs about 3 s to start an instance, more when the machine is busy; hooks and tests may start several.
jest.setTimeout(60_000);
