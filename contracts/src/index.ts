/**
 * The wire contract of every /api/ endpoint: request and response schemas (TypeBox) and enums, one file per API
 * module. The API validates with these schemas and generates its OpenAPI document from them; remotes import the
 * static types only (`import type`), so their bundles do not grow. Enums a page needs at run time live in
 * `enums.ts`, which imports nothing.
 */
export * from './schema';
export * from './endpoint';
export * from './enums';
export * from './accounts';
export * from './oauth';
export * from './captcha';
export * from './site';
export * from './ops';
export * from './content';
export * from './social';
export * from './pay';
export * from './coins';
export * from './activities';
export * from './uploads';
export * from './library';
export * from './writing';
export * from './notifications';
export * from './trust';
