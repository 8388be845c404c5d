/**
 * The staff event stream and presence (docs/decisions/0015).
 *
 * `GET /api/admin/live/stream`: Server-Sent Events for the signed-in member. A normal staff route (deny by
 * default authenticates it with the Authorization header, like every other call): the web app reads it with
 * fetch() and a stream parser, not EventSource, so no token is ever put in a URL. `Last-Event-ID` replays what
 * a reconnecting client missed. The stream ends when its session ends (checked every LIVE_SESSION_CHECK_MS) or
 * the token expires. Left out of the OpenAPI document: an answer that never ends is not an operation a
 * generated client (or the schema fuzz) can call.
 *
 * `POST /api/admin/live/presence`: a tab says which order it shows and whether a remark is being written.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { presenceBodySchema } from '../../../shared/schemas/live';
import { envelope, ok, staffFailures } from '../../lib/envelope';
import { trackEventStream } from '../metrics';
import { liveHubOf, stopLiveHub } from './live.hub';
import { setPresence } from './presence.service';

const lastEventIdSchema = z.object({
  'last-event-id': z
    .string()
    .regex(/^\d{1,15}$/, 'Last-Event-ID must be a number.')
    .optional(),
});

export async function liveRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  // Before the server stops taking connections waits for them: open streams would hold it for ever.
  app.addHook('preClose', async () => {
    await stopLiveHub(app.database);
  });

  app.get(
    '/admin/live/stream',
    {
      schema: { hide: true, headers: lastEventIdSchema },
    },
    async (request, reply) => {
      const live = await liveHubOf(app.database, app.config, app.log);
      const token = request.headers.authorization!.split(' ')[1]!;
      const payload = app.jwt.decode<{ ver: number; exp?: number }>(token)!;
      const lastEventId = request.headers['last-event-id'];
      reply.hijack();
      // The headers set so far (request id, security headers) go out with the stream's own.
      const headers = Object.fromEntries(
        Object.entries(reply.getHeaders()).filter(([, v]) => v !== undefined),
      ) as Record<string, string | number | string[]>;
      reply.raw.writeHead(200, {
        ...headers,
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        connection: 'keep-alive',
        'x-accel-buffering': 'no', // a proxy in front (nginx) must not buffer the stream
      });
      request.raw.socket.setNoDelay(true);
      request.raw.socket.setTimeout(0);
      trackEventStream(app.db, 1);
      reply.raw.once('close', () => trackEventStream(app.db, -1));
      await live.open(
        reply.raw,
        {
          memberId: request.staff.id,
          sessionId: request.staff.sessionId,
          tokenVersion: payload.ver,
          tokenExpiresAt: payload.exp ? payload.exp * 1000 : Number.POSITIVE_INFINITY,
        },
        typeof lastEventId === 'string' ? Number(lastEventId) : null,
      );
    },
  );

  app.post(
    '/admin/live/presence',
    {
      schema: {
        tags: ['live'],
        summary: 'This tab shows an order (heartbeat), writes a remark on it, or left it',
        security: [{ bearer: [] }],
        body: presenceBodySchema,
        response: { 200: envelope(z.null()), ...staffFailures },
      },
    },
    async (request) => {
      const { clientId, orderId, state, left } = request.body;
      await setPresence(
        app.db,
        { memberId: request.staff.id, clientId, orderId, state, left },
        app.config.LIVE_PRESENCE_TTL_MS,
      );
      return ok(null);
    },
  );
}
