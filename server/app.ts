/**
 * Builds the Fastify app: plugins, the one error handler, the feature routes
 * under /api, the OpenAPI document, and the built web app for every other path.
 */
import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { constants as zlibConstants } from 'node:zlib';
import Fastify, {
  LogController,
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
} from 'fastify';
import fastifyJwt from '@fastify/jwt';
import fastifyCors from '@fastify/cors';
import fastifyStatic from '@fastify/static';
import fastifyCompress from '@fastify/compress';
import helmet from 'helmet';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import {
  hasZodFastifySchemaValidationErrors,
  jsonSchemaTransform,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { Database, Db } from './db/client';
import { DATABASE_UNAVAILABLE, databaseUnavailableCode } from './db/connection-errors';
import { AppError, ServiceUnavailableError, TooManyRequestsError } from './lib/errors';
import { isNotFoundIssue } from './lib/route-params';
import { registerFeatures } from './features';
import { responseSerializer } from './lib/response-serializer';
import { denyByDefault } from './lib/auth';
import { secretBox, type SecretBox } from './lib/secret-box';
import type { KeyRing } from './lib/encryption/key-ring';
import { keyRingFor } from './lib/encryption/key-source';
import { urlForLog, withLogSafety } from './lib/log-safety';
import { finishOpenApiDocument } from './lib/openapi';
import { ROBOTS_TXT } from './lib/robots';
import { observeRequest } from './features/metrics/metrics';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Db;
    database: Database;
    /** Encrypts the two-factor secrets kept in the database. */
    secretBox: SecretBox;
    /** The keys that seal personal data at rest (product: security.md#keys): sealed order answers, blind indexes. */
    keyRing: KeyRing;
    /** Set on SIGTERM (main.ts): /api/health/ready answers 503 from then on. */
    lifecycle: { shuttingDown: boolean };
    /** Every route as registered (method, url): the route-table test walks it. */
    routeTable: ReadonlyArray<{ method: string; url: string }>;
  }
}

export interface BuildAppOptions {
  config: Config;
  database: Database;
  jwtSecret: string;
  /**
   * The process's key ring (main.ts resolves it first). Without it, the configuration's (keyRingFor), resolved at its
   * first use, so an app that never seals or opens anything needs no key.
   */
  keyRing?: KeyRing;
  /** Logger options (`level`, `stream`...); lib/log-safety.ts's rules are always applied over them. */
  logger?: FastifyServerOptions['logger'];
  /** Folder of the built web app; served for every non-API path when it exists. */
  webDist?: string;
}

export const GENERIC_ERROR = 'Something went wrong on our side. Please try again.';

/**
 * Every /api answer may carry personal data or a token, so none may be kept by a browser or a proxy: they all get
 * `Cache-Control: no-store`, set before the handler runs, so a route that truly wants caching must say so itself.
 * The one exception is the API's own documentation (/api/docs: the OpenAPI document and the Swagger UI's static
 * files), which holds nothing about anyone. docs/decisions/0013.
 */
export const API_NO_STORE = 'no-store';
const API_URL = /^\/api(?:[/?]|$)/;
const DOCS_URL = /^\/api\/docs(?:[/?]|$)/;
const storesNothing = (url: string) => API_URL.test(url) && !DOCS_URL.test(url);

/** Kept for callers that imported it from here; the rules live in lib/log-safety.ts. */
export { LOG_REDACT } from './lib/log-safety';

/**
 * Delivery of the built web app (docs/decisions/0019). Vite names every file under /assets/ by a hash of
 * its content, so a browser may keep it for a year without asking again; index.html (which names the current
 * hashes) is asked for again every time. The build writes .br and .gz copies of the assets beside them;
 * @fastify/static answers the one the request accepts.
 */
export const IMMUTABLE_ASSET = 'public, max-age=31536000, immutable';
export const REVALIDATE = 'no-cache';
/** Answers smaller than this go out as they are: compressing them saves less than it costs. */
export const COMPRESS_THRESHOLD = 1024;
/** Server-sent events are flushed event by event; a compressor would hold them back until its buffer fills. */
export const compressibleType = (contentType: string) =>
  !/^text\/event-stream/i.test(contentType) &&
  /^(?:text\/|application\/(?:json|javascript|xml|problem\+json)|image\/svg\+xml)/i.test(contentType);

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The SPA's index.html with the configured product name (title and a meta tag) and staff time zone (a meta tag) filled in. */
function loadIndexHtml(webDist: string | undefined, appName: string, staffTimeZone: string): string | null {
  const file = webDist ? path.join(webDist, 'index.html') : undefined;
  if (!file || !existsSync(file)) return null;
  return readFileSync(file, 'utf8')
    .replaceAll('__APP_NAME__', escapeHtml(appName))
    .replaceAll('__STAFF_TIME_ZONE__', escapeHtml(staffTimeZone));
}

/**
 * One log line per request, when it completes, instead of Fastify's two: half the logging work on every call.
 * A completed request's line holds only what the req/res serializers of lib/log-safety.ts give (method, URL
 * with only paging values in its query, host, status) and the time, never a body, a header or an address, so it
 * skips the redaction pass that every other line gets (~9 us of a ~13 us line). Error lines carry the error and
 * stay redacted.
 */
class OneLinePerRequest extends LogController {
  readonly #unredacted = new WeakMap<FastifyBaseLogger, FastifyBaseLogger>();

  override incomingRequest() {
    /* folded into requestCompleted */
  }

  // Fastify's own versions of these three write the error's message or the raw URL as the line's text, which no
  // serializer sees; here the text is fixed and the error goes through the safe serializer (lib/log-safety.ts).
  override routeNotFound(request: FastifyRequest) {
    request.log.info({ req: request }, `route not found: ${request.method} ${urlForLog(request.url)}`);
  }

  override writeHeadError(error: Error, request: FastifyRequest, reply: FastifyReply) {
    reply.log.warn({ req: request, res: reply, err: error }, 'could not write the response head');
  }

  override defaultErrorLog(error: Error, request: FastifyRequest, reply: FastifyReply) {
    if (reply.statusCode >= 500) reply.log.error({ req: request, res: reply, err: error }, 'request failed');
    else reply.log.info({ res: reply, err: error }, 'request refused');
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    if (error) {
      reply.log.error({ req: request, res: reply, err: error, responseTime: reply.elapsedTime }, 'request errored');
      return;
    }
    const root = request.server.log;
    let lines = this.#unredacted.get(root);
    if (!lines) this.#unredacted.set(root, (lines = root.child({}, { redact: [] })));
    lines.info({ reqId: request.id, req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
  }
}

export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  const app = Fastify({
    logger: options.logger ? withLogSafety(options.logger) : false,
    logController: new OneLinePerRequest(),
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && /^[\w-]{1,64}$/.test(given) ? given : randomUUID();
    },
    trustProxy: config.TRUST_PROXY ? config.TRUST_PROXY.split(',').map((s) => s.trim()) : false,
    bodyLimit: 1024 * 1024,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializer);
  app.decorate('config', config);
  app.decorate('database', database);
  app.decorate('db', database.db);
  app.decorate('secretBox', secretBox(config.TWO_FACTOR_KEY ?? options.jwtSecret));
  let ring = options.keyRing;
  app.decorate('keyRing', { getter: () => (ring ??= keyRingFor(config)) });
  const routeTable: { method: string; url: string }[] = [];
  app.decorate('routeTable', routeTable);
  app.decorate('lifecycle', { shuttingDown: false });
  app.addHook('onResponse', observeRequest); // request duration by route pattern and status (features/metrics)
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) routeTable.push({ method, url: route.url });
  });

  // The translation widget's origins are allowed only when it is configured (TRANSLATE_WIDGET_URL).
  const widget = config.TRANSLATE_WIDGET_URL
    ? [new URL(config.TRANSLATE_WIDGET_URL).origin, ...config.TRANSLATE_WIDGET_ORIGINS]
    : [];
  // helmet's middleware is built once here and run on every request. (@fastify/helmet rebuilt it on
  // every request, which cost more than half of a light API call: docs/decisions/0007.)
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        'default-src': ["'self'"],
        'img-src': ["'self'", 'data:', ...widget],
        'style-src': ["'self'", "'unsafe-inline'", ...widget],
        'script-src': ["'self'", ...widget],
        'connect-src': ["'self'", ...widget],
        ...(widget.length ? { 'frame-src': ["'self'", ...widget] } : {}),
        'upgrade-insecure-requests': null,
      },
    },
  });
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    if (storesNothing(request.url)) reply.header('cache-control', API_NO_STORE);
    securityHeaders(request.raw, reply.raw, (error?: unknown) => done(error as Error | undefined));
  });
  if (config.CORS_ORIGINS) {
    await app.register(fastifyCors, { origin: config.CORS_ORIGINS.split(',').map((s) => s.trim()) });
  }
  // API JSON and index.html, compressed per request when the client accepts it and the answer is worth it; brotli at
  // quality 4 (of 11) costs about as much CPU as gzip's default and saves more. Precompressed assets pass through.
  await app.register(fastifyCompress, {
    threshold: COMPRESS_THRESHOLD,
    encodings: ['br', 'gzip'],
    // Request bodies are taken as sent: nothing of ours sends them compressed.
    globalDecompression: false,
    customTypes: compressibleType,
    brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } },
  });
  // Verified staff tokens are kept by lib/auth.ts (by their text, until they expire).
  await app.register(fastifyJwt, { secret: options.jwtSecret, sign: { expiresIn: config.JWT_EXPIRES_IN } });
  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: `${config.APP_NAME} API`,
        version: '1.0.0',
        description: 'Responses use the {status, message, data} envelope.',
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    transform: jsonSchemaTransform,
    transformObject: finishOpenApiDocument,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });

  app.setErrorHandler((error, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const notFound = error.validation.find(isNotFoundIssue);
      if (notFound) return reply.status(404).send({ status: 0, message: notFound.message });
      const errors: Record<string, string> = {};
      for (const issue of error.validation) {
        const field =
          issue.instancePath.replace(/^\//, '').replace(/\//g, '.') || String(issue.params?.missingProperty ?? '_');
        errors[field] ??= issue.message ?? 'Invalid value';
      }
      const first = Object.values(errors)[0];
      return reply.status(400).send({ status: 0, message: first ?? 'Invalid request.', errors });
    }
    if (error instanceof AppError) {
      if (error instanceof TooManyRequestsError) reply.header('retry-after', String(error.retryAfterSeconds));
      if (error instanceof ServiceUnavailableError) {
        request.log.error({ causeCode: error.causeCode }, error.message);
        reply.header('retry-after', '5');
      }
      return reply.status(error.statusCode).send({
        status: error.statusCode === 401 ? 401 : 0,
        message: error.message,
        ...(error.errors ? { errors: error.errors } : {}),
      });
    }
    const statusCode = (error as { statusCode?: number }).statusCode;
    if (statusCode && statusCode >= 400 && statusCode < 500) {
      return reply.status(statusCode).send({ status: statusCode === 401 ? 401 : 0, message: (error as Error).message });
    }
    const dbCode = databaseUnavailableCode(error);
    if (dbCode) {
      // The code alone: the error's text can hold the failed statement's parameters (personal data).
      request.log.error({ dbCode }, 'database unavailable');
      reply.header('retry-after', '5');
      return reply.status(503).send({ status: 0, message: DATABASE_UNAVAILABLE });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ status: 0, message: GENERIC_ERROR });
  });

  // Deny by default: every /api route needs a live staff session unless lib/auth.ts lists it as public.
  app.addHook(
    'onRequest',
    denyByDefault(() => app.db),
  );
  await app.register(registerFeatures, { prefix: '/api' });

  const indexHtml = loadIndexHtml(options.webDist, config.APP_NAME, config.STAFF_TIME_ZONE);
  if (options.webDist && indexHtml) {
    // Vite writes only content-hashed files into assets/; the files of web/public (logos) keep their names.
    const assetsFolder = path.join(path.resolve(options.webDist), 'assets') + path.sep;
    const brandFolder = path.join(path.resolve(options.webDist), 'brand') + path.sep;
    await app.register(fastifyStatic, {
      root: options.webDist,
      wildcard: false,
      index: false,
      preCompressed: true,
      cacheControl: false,
      setHeaders: (reply, file) => {
        reply.header('cache-control', path.resolve(file).startsWith(assetsFolder) ? IMMUTABLE_ASSET : REVALIDATE);
        // Brand logos are public and embedded elsewhere: in mails read in webmail, and in the mail preview's sandboxed
        // frame (an opaque origin), which helmet's Cross-Origin-Resource-Policy: same-origin would refuse.
        if (path.resolve(file).startsWith(brandFolder)) reply.header('cross-origin-resource-policy', 'cross-origin');
      },
    });
  }
  // Served by the server itself, so it is right whether or not the web app is built (lib/robots.ts).
  app.get('/robots.txt', { schema: { hide: true } }, (_request, reply) =>
    reply.type('text/plain; charset=utf-8').header('cache-control', 'public, max-age=3600').send(ROBOTS_TXT),
  );
  app.setNotFoundHandler((request, reply) => {
    if (API_URL.test(request.url) || request.method !== 'GET') {
      return reply.status(404).send({ status: 0, message: 'Not found.' });
    }
    if (indexHtml) return reply.type('text/html; charset=utf-8').header('cache-control', REVALIDATE).send(indexHtml);
    return reply
      .status(404)
      .type('text/plain')
      .send('The web app is not built. Run `npm run build` (npm start does it for you).');
  });

  return app;
}
