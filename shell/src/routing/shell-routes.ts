/**
 * Routes the shell renders itself instead of their owner in the route table (see docs/architecture.md). No imports:
 * the shell's build reads this file too (build/route-owners-plugin.cjs).
 */
export const SHELL_RENDERED_ROUTES: ReadonlySet<string> = new Set(['test']);
