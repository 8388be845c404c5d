/**
 * zod 4 compiles object validators with `new Function` unless told not to; the strict CSP (no 'unsafe-eval')
 * refuses that and the browser logs a violation on every page. zod reads the setting when a schema is built, so this
 * runs first, from main.tsx, before any module that builds one. It writes zod's shared settings object
 * (`globalThis.__zod_globalConfig`, which every copy of zod 4 reads, as `z.config()` writes it) instead of importing
 * zod, so the public app, which has no schema, pays nothing for it. tests/e2e/delivery.test.ts fails on a CSP
 * violation if zod ever stops reading it there.
 */
const scope = globalThis as { __zod_globalConfig?: Record<string, unknown> };
scope.__zod_globalConfig = { ...scope.__zod_globalConfig, jitless: true };

export {};
