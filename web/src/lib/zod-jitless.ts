/**
 * What `zod` is in the web build (vite.config.ts points the bare specifier here): zod itself (its `zod/v4` entry, the
 * same modules and the same settings as `zod`), with `jitless` set before any module that imports zod builds a
 * schema. zod otherwise compiles object validators with `new Function`, which the strict CSP (no 'unsafe-eval')
 * refuses with a violation report; set from an app's start instead, the setting depended on the order in which the
 * bundler's chunks run.
 */
import { z } from 'zod/v4';

z.config({ jitless: true });

export * from 'zod/v4';
export { z };
export { z as default };
