/**
 * Builds the Fastify app: plugins, the one error handler, the feature routes
 * under /api, the OpenAPI document, and the built web app for every other path.
 */
import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import fastifyJwt from '@fastify/jwt';
import fastifyCors from '@fastify/cors';
import fastifyStatic from '@fastify/static';
import helmet from 'helmet';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import {
  hasZodFastifySchemaValidationErrors, jsonSchemaTransform, validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { Database, Db } from './db/client';
import { AppError, TooManyRequestsError } from './lib/errors';
import { registerFeatures } from './features';
import { responseSerializer } from './lib/response-serializer';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Db;
    database: Database;
  }
}

export interface BuildAppOptions {
  config: Config;
  database: Database;
  jwtSecret: string;
  logger?: FastifyServerOptions['logger'];
  /** Folder of the built web app; served for every non-API path when it exists. */
  webDist?: string;
}

export const GENERIC_ERROR = 'Something went wrong on our side. Please try again.';

/** Paths that must never reach a log line (DECISIONS: no passwords, tokens or passport numbers). */
export const LOG_REDACT = [
  'req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]',
  '*.password', '*.newPassword', '*.jwtToken', '*.accessToken', '*.passport_number', '*.passportNumber',
];

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The SPA's index.html with the configured product name filled in (title and a meta tag the app reads). */
function loadIndexHtml(webDist: string | undefined, appName: string): string | null {
  const file = webDist ? path.join(webDist, 'index.html') : undefined;
  if (!file || !existsSync(file)) return null;
  return readFileSync(file, 'utf8').replaceAll('__APP_NAME__', escapeHtml(appName));
}

/**
 * One log line per request, when it completes, instead of Fastify's two: half the logging work on every call.
 * A completed request's line holds only what Fastify's req/res serializers give (method, URL, host, remote
 * address, status) and the time, never a body or a header, so it skips the redaction pass that every other
 * line gets (~9 us of a ~13 us line). Error lines carry the error and stay redacted.
 */
class OneLinePerRequest extends LogController {
  readonly #unredacted = new WeakMap<FastifyBaseLogger, FastifyBaseLogger>();

  override incomingRequest() { /* folded into requestCompleted */ }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    if (error) {
      reply.log.error({ req: request, res: reply, err: error, responseTime: reply.elapsedTime }, 'request errored');
      return;
    }
    const root = request.server.log;
    let lines = this.#unredacted.get(root);
    if (!lines) this.#unredacted.set(root, lines = root.child({}, { redact: [] }));
    lines.info({ reqId: request.id, req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
  }
}

export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  const app = Fastify({
    logger: options.logger ?? false,
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

  // The translation widget's origins are allowed only when it is configured (TRANSLATE_WIDGET_URL).
  const widget = config.TRANSLATE_WIDGET_URL ? [new URL(config.TRANSLATE_WIDGET_URL).origin, ...config.TRANSLATE_WIDGET_ORIGINS] : [];
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
    securityHeaders(request.raw, reply.raw, (error?: unknown) => done(error as Error | undefined));
  });
  if (config.CORS_ORIGINS) {
    await app.register(fastifyCors, { origin: config.CORS_ORIGINS.split(',').map((s) => s.trim()) });
  }
  // Verified staff tokens are kept by lib/auth.ts (by their text, until they expire).
  await app.register(fastifyJwt, { secret: options.jwtSecret, sign: { expiresIn: config.JWT_EXPIRES_IN } });
  await app.register(fastifySwagger, {
    openapi: {
      info: { title: `${config.APP_NAME} API`, version: '1.0.0', description: 'Responses use the {status, message, data} envelope.' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });

  app.setErrorHandler((error, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors: Record<string, string> = {};
      for (const issue of error.validation) {
        const field = issue.instancePath.replace(/^\//, '').replace(/\//g, '.') || String(issue.params?.missingProperty ?? '_');
        errors[field] ??= issue.message ?? 'Invalid value';
      }
      const first = Object.values(errors)[0];
      return reply.status(400).send({ status: 0, message: first ?? 'Invalid request.', errors });
    }
    if (error instanceof AppError) {
      if (error instanceof TooManyRequestsError) reply.header('retry-after', String(error.retryAfterSeconds));
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
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ status: 0, message: GENERIC_ERROR });
  });

  await app.register(registerFeatures, { prefix: '/api' });

  const indexHtml = loadIndexHtml(options.webDist, config.APP_NAME);
  if (options.webDist && indexHtml) {
    await app.register(fastifyStatic, { root: options.webDist, wildcard: false, index: false });
  }
  app.setNotFoundHandler((request, reply) => {
    if (request.url.startsWith('/api/') || request.url === '/api' || request.method !== 'GET') {
      return reply.status(404).send({ status: 0, message: 'Not found.' });
    }
    if (indexHtml) return reply.type('text/html').header('cache-control', 'no-cache').send(indexHtml);
    return reply.status(404).type('text/plain').send('The web app is not built. Run `npm run build` (npm start does it for you).');
  });

  return app;
}
