/**
 * Configuration from the environment, validated once at start. A bad value
 * stops the server with a message naming the variable (see README).
 */
import { existsSync } from 'node:fs';
import { isIP } from 'node:net';
import { z } from 'zod';
import { DEFAULT_STAFF_TIME_ZONE, isTimeZone } from '../shared/staff-time';
import { parseEncryptionKeys } from './lib/encryption/key-ring';

const intakeKeys = z
  .string()
  .default('')
  .transform((value, ctx) => {
    const keys = new Map<string, string>(); // apiKey -> siteKey
    for (const pair of value
      .split(',')
      .map((p) => p.trim())
      .filter(Boolean)) {
      const [siteKey, apiKey, ...rest] = pair.split('=');
      if (!siteKey || !apiKey || rest.length > 0 || apiKey.length < 16) {
        ctx.addIssue({
          code: 'custom',
          message: `expected siteKey=apiKey pairs with keys of 16+ characters, got "${pair}"`,
        });
        return z.NEVER;
      }
      keys.set(apiKey, siteKey);
    }
    return keys;
  });

const flag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

/** Documents, storage and mail. Cross-field rules are checked in loadConfig. */
const documentAndMailEnv = {
  UPLOAD_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1024, 'must be at least 1024')
    .max(100 * 1024 * 1024, 'must be at most 100 MB')
    .default(10 * 1024 * 1024),
  STORAGE_DRIVER: z.enum(['local', 's3']).default('local'),
  S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be an S3 bucket name')
    .optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ENDPOINT: z.url('must be a URL').optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: flag.optional(),
  S3_PREFIX: z
    .string()
    .regex(/^[\w./-]*$/, 'may hold letters, digits and . _ / - only')
    .default(''),
  MAIL_FROM: z.email('must be an e-mail address').optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
    .optional(),
  SES_REGION: z.string().min(1).optional(),
  SES_ENDPOINT: z.url('must be a URL').optional(),
  SES_ACCESS_KEY_ID: z.string().min(1).optional(),
  SES_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  MAIL_DEFAULT_PROVIDER: z.enum(['ses', 'smtp']).optional(),
  MAIL_WORKER: flag.default(true),
  MAIL_POLL_MS: z.coerce.number().int().min(50).max(600_000).default(2000),
  MAIL_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(50).default(8),
  MAIL_RETRY_BASE_MS: z.coerce.number().int().min(0).max(3_600_000).default(30_000),
  /**
   * How long a worker's claim on a mail lasts without being renewed. A live worker renews it every third of
   * this while it holds the mail; a process that died stops renewing, so its mails are sent by another
   * process (or its own next start) at most this long after the crash.
   */
  MAIL_LEASE_MS: z.coerce
    .number()
    .int()
    .min(1000, 'must be at least 1000')
    .max(3_600_000, 'must be at most one hour')
    .default(60_000),
};

/** The public tracking site. */
const publicSiteEnv = {
  CUSTOMER_TOKEN_TTL: z
    .string()
    .regex(/^\d+[smh]$/, 'must look like 15m, 30m or 2h')
    .default('30m'),
  TRANSLATE_WIDGET_URL: z.url({ protocol: /^https$/, error: 'must be an https:// URL' }).optional(),
  TRANSLATE_WIDGET_ORIGINS: z
    .string()
    .default('')
    .transform((value, ctx) => {
      const origins = value
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean);
      for (const origin of origins) {
        if (!/^https:\/\/[a-z0-9.-]+(:\d+)?$/i.test(origin)) {
          ctx.addIssue({ code: 'custom', message: `expected https:// origins separated by commas, got "${origin}"` });
          return z.NEVER;
        }
      }
      return origins;
    }),
  GEOIP_DB_PATH: z.string().min(1).optional(),
};

/** Retention of personal data (docs/decisions/0014): the periods and how often the job looks. */
const retentionEnv = {
  RETENTION_TRAVEL_DAYS: z.coerce
    .number()
    .int()
    .min(1, 'must be at least 1')
    .max(3650, 'must be at most 3650')
    .default(30),
  RETENTION_EVIDENCE_DAYS: z.coerce
    .number()
    .int()
    .min(30, 'must be at least 30')
    .max(3650, 'must be at most 3650')
    .default(540),
  RETENTION_INTERVAL: z
    .string()
    .regex(/^(\d+[smh]|off)$/, 'must look like 30m, 1h or 6h, or be off')
    .default('1h'),
};

/** Exports of a queue's orders (docs/decisions/0024): the most rows one file may hold. */
const exportEnv = {
  EXPORT_MAX_ROWS: z.coerce
    .number()
    .int()
    .min(1, 'must be at least 1')
    .max(5_000_000, 'must be at most 5000000')
    .default(1_000_000),
};

/**
 * Filtered queue totals (docs/decisions/0055): the planner's cost above which a filtered list's total is estimated
 * rather than counted; unset, the queue engine's own (FILTERED_COUNT_MAX_COST).
 */
const filteredListEnv = {
  FILTERED_COUNT_MAX_COST: z.coerce.number().min(0, 'must be 0 or more').optional(),
};

/** The staff event stream (docs/decisions/0015). */
const liveEnv = {
  LIVE_HEARTBEAT_MS: z.coerce
    .number()
    .int()
    .min(1000, 'must be at least 1000')
    .max(120_000, 'must be at most 120000')
    .default(15_000),
  LIVE_SESSION_CHECK_MS: z.coerce
    .number()
    .int()
    .min(100, 'must be at least 100')
    .max(60_000, 'must be at most 60000')
    .default(5000),
  LIVE_PRESENCE_TTL_MS: z.coerce
    .number()
    .int()
    .min(1000, 'must be at least 1000')
    .max(300_000, 'must be at most 300000')
    .default(30_000),
};

/** Operations (docs/operations.md): who may read /api/metrics, and how long a stopping process drains. */
const operationsEnv = {
  METRICS_TOKEN: z.string().min(24, 'must be at least 24 characters').optional(),
  METRICS_ALLOW: z
    .string()
    .default('')
    .transform((value, ctx) => {
      const entries = value
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean);
      for (const entry of entries) {
        const [address, bits, ...rest] = entry.split('/');
        const family = isIP(address ?? '');
        const max = family === 6 ? 128 : 32;
        if (!family || rest.length || (bits !== undefined && !(/^\d+$/.test(bits) && Number(bits) <= max))) {
          ctx.addIssue({
            code: 'custom',
            message: `expected IP addresses or CIDR ranges separated by commas, got "${entry}"`,
          });
          return z.NEVER;
        }
      }
      return entries;
    }),
  /**
   * After SIGTERM, how long the server keeps serving while /api/health/ready answers 503, so that a load
   * balancer takes it out of rotation before it stops accepting connections.
   */
  READINESS_DRAIN_MS: z.coerce.number().int().min(0).max(10_000, 'must be at most 10000').default(0),
};

/**
 * The request for information (product: information-requests.md#follow-up): when the reminders go, when an
 * unanswered order moves to Contact Customer, how long a link works, and how often every process looks for what is due.
 */
const informationRequestEnv = {
  INFO_REQUEST_FIRST_REMINDER_HOURS: z.coerce
    .number()
    .int()
    .min(1, 'must be at least 1')
    .max(720, 'must be at most 720')
    .default(24),
  INFO_REQUEST_SECOND_REMINDER_HOURS: z.coerce
    .number()
    .int()
    .min(1, 'must be at least 1')
    .max(720, 'must be at most 720')
    .default(72),
  INFO_REQUEST_ESCALATE_DAYS: z.coerce
    .number()
    .int()
    .min(1, 'must be at least 1')
    .max(60, 'must be at most 60')
    .default(5),
  INFO_REQUEST_LINK_DAYS: z.coerce
    .number()
    .int()
    .min(1, 'must be at least 1')
    .max(90, 'must be at most 90')
    .default(14),
  INFO_REQUEST_INTERVAL: z
    .string()
    .regex(/^(\d+[smh]|off)$/, 'must look like 30s, 5m or 1h, or be off')
    .default('5m'),
};

/** Arrival urgency of queue rows (docs/decisions/0016): hours before the arrival day begins in Japan. */
const urgencyEnv = {
  ARRIVAL_URGENT_HOURS: z.coerce
    .number()
    .int()
    .min(1, 'must be at least 1')
    .max(720, 'must be at most 720')
    .default(72),
  ARRIVAL_VERY_URGENT_HOURS: z.coerce
    .number()
    .int()
    .min(0, 'must be at least 0')
    .max(720, 'must be at most 720')
    .default(24),
};

/**
 * Payment providers' disputes (product: disputes.md): each gateway's API key and webhook secret. Never in an answer,
 * a log line or an address. `*_API_URL` points a gateway's calls elsewhere (a local mock in tests, a proxy).
 */
const disputesEnv = {
  STRIPE_SECRET_KEY: z.string().min(8, 'must be a Stripe secret key (sk_...) or a restricted key (rk_...)').optional(),
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .regex(/^whsec_\S+$/, "must be the webhook endpoint's signing secret (whsec_...)")
    .optional(),
  STRIPE_API_URL: z.url('must be a URL').optional(),
  PAYPAL_CLIENT_ID: z.string().min(1).optional(),
  PAYPAL_CLIENT_SECRET: z.string().min(1).optional(),
  PAYPAL_WEBHOOK_ID: z.string().min(1).optional(),
  PAYPAL_API_URL: z.url('must be a URL').default('https://api-m.paypal.com'),
};

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  /**
   * Connections to PostgreSQL (DATABASE_URL only). Few by default: beyond about twice the cores, PostgreSQL
   * time-slices the statements and every request waits longer (docs/decisions/0008).
   */
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1, 'must be at least 1').max(200, 'must be at most 200').default(4),
  DATA_DIR: z.string().min(1).default('./data'),
  ADMIN_EMAIL: z.email('must be an e-mail address').optional(),
  ADMIN_PASSWORD: z.string().min(6, 'must be at least 6 characters').optional(),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  TWO_FACTOR_KEY: z.string().min(32, 'must be at least 32 characters').optional(),
  /**
   * The keys that seal personal data at rest (product: security.md#keys): `id:base64key,...`, the current key first.
   * Unset on the embedded database: one key generated into DATA_DIR (lib/encryption/key-source.ts).
   */
  ENCRYPTION_KEYS: z
    .string()
    .superRefine((value, ctx) => {
      try {
        parseEncryptionKeys(value);
      } catch (error) {
        ctx.addIssue({ code: 'custom', message: (error as Error).message.replace(/^ENCRYPTION_KEYS: /, '') });
      }
    })
    .optional(),
  JWT_EXPIRES_IN: z
    .string()
    .regex(/^\d+[smhd]$/, 'must look like 30m, 8h or 1d')
    .default('8h'),
  DEMO_ORDERS: z.coerce.number().int().min(0).max(1_000_000).optional(),
  APP_NAME: z.string().min(1).default('Japan Arrival Card'),
  /** The one zone of every date and time on staff screens (docs/decisions/0027): an IANA zone name. */
  STAFF_TIME_ZONE: z
    .string()
    .refine(isTimeZone, 'must be an IANA time zone name, e.g. America/New_York')
    .default(DEFAULT_STAFF_TIME_ZONE),
  APPLICATION_MAIL_DOMAIN: z
    .string()
    .regex(/^[a-z0-9.-]+\.[a-z]{2,}$/i, 'must be a domain name')
    .default('arrivalcard-mail.example'),
  PUBLIC_BASE_URL: z.url('must be a URL').optional(),
  INTAKE_API_KEYS: intakeKeys,
  CORS_ORIGINS: z.string().default(''),
  TRUST_PROXY: z.string().default(''),
  NODE_ENV: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  ...documentAndMailEnv,
  ...publicSiteEnv,
  ...retentionEnv,
  ...exportEnv,
  ...filteredListEnv,
  ...liveEnv,
  ...operationsEnv,
  ...urgencyEnv,
  ...disputesEnv,
  ...informationRequestEnv,
});

export type Config = Omit<z.output<typeof envSchema>, 'PUBLIC_BASE_URL' | 'DEMO_ORDERS' | 'MAIL_FROM'> & {
  PUBLIC_BASE_URL: string;
  DEMO_ORDERS: number;
  MAIL_FROM: string;
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
  const problems = [
    cfg.STORAGE_DRIVER === 's3' && !cfg.S3_BUCKET && '  S3_BUCKET: is required when STORAGE_DRIVER=s3',
    !!cfg.S3_ACCESS_KEY_ID !== !!cfg.S3_SECRET_ACCESS_KEY &&
      '  S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: set both or neither',
    !!cfg.SES_ACCESS_KEY_ID !== !!cfg.SES_SECRET_ACCESS_KEY &&
      '  SES_ACCESS_KEY_ID, SES_SECRET_ACCESS_KEY: set both or neither',
    (cfg.SES_ENDPOINT || cfg.SES_ACCESS_KEY_ID) &&
      !cfg.SES_REGION &&
      '  SES_REGION: is required when other SES_ variables are set',
    cfg.GEOIP_DB_PATH &&
      cfg.GEOIP_DB_PATH !== 'off' &&
      !existsSync(cfg.GEOIP_DB_PATH) &&
      `  GEOIP_DB_PATH: no file at ${cfg.GEOIP_DB_PATH} (or set it to off)`,
    cfg.TRANSLATE_WIDGET_ORIGINS.length > 0 &&
      !cfg.TRANSLATE_WIDGET_URL &&
      '  TRANSLATE_WIDGET_ORIGINS: needs TRANSLATE_WIDGET_URL',
    cfg.ARRIVAL_VERY_URGENT_HOURS > cfg.ARRIVAL_URGENT_HOURS &&
      '  ARRIVAL_VERY_URGENT_HOURS: must not be more than ARRIVAL_URGENT_HOURS',
    cfg.INFO_REQUEST_FIRST_REMINDER_HOURS >= cfg.INFO_REQUEST_SECOND_REMINDER_HOURS &&
      '  INFO_REQUEST_SECOND_REMINDER_HOURS: must be more than INFO_REQUEST_FIRST_REMINDER_HOURS',
    cfg.INFO_REQUEST_SECOND_REMINDER_HOURS >= cfg.INFO_REQUEST_ESCALATE_DAYS * 24 &&
      '  INFO_REQUEST_ESCALATE_DAYS: must come after INFO_REQUEST_SECOND_REMINDER_HOURS',
    cfg.INFO_REQUEST_ESCALATE_DAYS > cfg.INFO_REQUEST_LINK_DAYS &&
      '  INFO_REQUEST_LINK_DAYS: must not be shorter than INFO_REQUEST_ESCALATE_DAYS',
    !!cfg.PAYPAL_CLIENT_ID !== !!cfg.PAYPAL_CLIENT_SECRET &&
      '  PAYPAL_CLIENT_ID, PAYPAL_CLIENT_SECRET: set both or neither',
    cfg.NODE_ENV === 'production' &&
      (cfg.DEMO_ORDERS ?? 0) > 0 &&
      '  DEMO_ORDERS: demo orders and demo staff are never loaded with NODE_ENV=production',
  ].filter((p): p is string => typeof p === 'string');
  if (problems.length) throw new ConfigError(`Invalid configuration:\n${problems.join('\n')}`);
  return {
    ...cfg,
    PUBLIC_BASE_URL: (cfg.PUBLIC_BASE_URL ?? `http://localhost:${cfg.PORT}`).replace(/\/+$/, ''),
    // Demo orders (and demo staff) only on a newcomer's embedded default unless asked for explicitly, never in
    // production: four months at about twelve a day, so that the queues hold a day or two of New orders as on a
    // live service (server/seed/demo-orders.ts).
    DEMO_ORDERS: cfg.DEMO_ORDERS ?? (cfg.DATABASE_URL || cfg.NODE_ENV === 'production' ? 0 : 1500),
    MAIL_FROM: cfg.MAIL_FROM ?? `no-reply@${cfg.APPLICATION_MAIL_DOMAIN}`,
  };
}

/**
 * Settings that work but are probably not what a deployment wants, each one log line at start (main.ts).
 * `env` tells a value that was set from one that was filled in by a default.
 */
export function startupWarnings(config: Config, env: NodeJS.ProcessEnv = process.env): string[] {
  const warnings: string[] = [];
  if (!env.PUBLIC_BASE_URL && (config.DATABASE_URL || env.NODE_ENV === 'production')) {
    warnings.push(`PUBLIC_BASE_URL is not set: links and logos in customer mails point to ${config.PUBLIC_BASE_URL}`);
  }
  // Several processes may share one PostgreSQL database, but a local folder is one host's: a document
  // uploaded through one host is "missing" on another.
  if (config.STORAGE_DRIVER === 'local' && config.DATABASE_URL) {
    warnings.push(
      "STORAGE_DRIVER=local with a PostgreSQL DATABASE_URL: documents are kept in this host's DATA_DIR/uploads only, " +
        'so a server process on another host sharing this database will not find them. Use STORAGE_DRIVER=s3 when more than one host serves it.',
    );
  }
  return warnings;
}
