/**
 * Configuration from the environment, validated once at start. A bad value
 * stops the server with a message naming the variable (see README).
 */
import { z } from 'zod';

const intakeKeys = z.string().default('').transform((value, ctx) => {
  const keys = new Map<string, string>(); // apiKey -> siteKey
  for (const pair of value.split(',').map((p) => p.trim()).filter(Boolean)) {
    const [siteKey, apiKey, ...rest] = pair.split('=');
    if (!siteKey || !apiKey || rest.length > 0 || apiKey.length < 16) {
      ctx.addIssue({ code: 'custom', message: `expected siteKey=apiKey pairs with keys of 16+ characters, got "${pair}"` });
      return z.NEVER;
    }
    keys.set(apiKey, siteKey);
  }
  return keys;
});

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATABASE_URL: z.string().regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://').optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  ADMIN_EMAIL: z.email('must be an e-mail address').optional(),
  ADMIN_PASSWORD: z.string().min(6, 'must be at least 6 characters').optional(),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  JWT_EXPIRES_IN: z.string().regex(/^\d+[smhd]$/, 'must look like 30m, 8h or 1d').default('8h'),
  DEMO_ORDERS: z.coerce.number().int().min(0).max(1_000_000).optional(),
  APP_NAME: z.string().min(1).default('Japan Arrival Card'),
  APPLICATION_MAIL_DOMAIN: z.string().regex(/^[a-z0-9.-]+\.[a-z]{2,}$/i, 'must be a domain name').default('arrivalcard-mail.example'),
  PUBLIC_BASE_URL: z.url('must be a URL').optional(),
  INTAKE_API_KEYS: intakeKeys,
  CORS_ORIGINS: z.string().default(''),
  TRUST_PROXY: z.string().default(''),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

export type Config = Omit<z.output<typeof envSchema>, 'PUBLIC_BASE_URL' | 'DEMO_ORDERS'> & {
  PUBLIC_BASE_URL: string;
  DEMO_ORDERS: number;
};

export class ConfigError extends Error {}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // Treat empty variables as unset so `FOO= npm start` behaves like no FOO.
  const present = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const cfg = parsed.data;
  return {
    ...cfg,
    PUBLIC_BASE_URL: (cfg.PUBLIC_BASE_URL ?? `http://localhost:${cfg.PORT}`).replace(/\/+$/, ''),
    // Demo orders only on the embedded default unless asked for explicitly.
    DEMO_ORDERS: cfg.DEMO_ORDERS ?? (cfg.DATABASE_URL ? 0 : 300),
  };
}
