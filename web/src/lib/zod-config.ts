/**
 * zod compiles object validators with `new Function` unless told not to; the strict CSP (no 'unsafe-eval') refuses
 * that and the browser reports a violation. zod reads the setting as a schema is built, so the staff and sign-in apps
 * import this module before anything that builds one (the public pages build none).
 */
import { z } from 'zod';

z.config({ jitless: true });
