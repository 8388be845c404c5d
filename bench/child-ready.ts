/**
 * The last lines of every bench server child (server.ts, live-server.ts, export-server.ts): one JSON line on stdout
 * that the parent waits for (`ready`, the app's port, the side server's port under `sideName`, and what else the
 * parent needs), then a clean stop on SIGTERM or SIGINT.
 */
import type { FastifyInstance } from 'fastify';
import type { Database } from '../server/db/client';

const portOf = (server: FastifyInstance) => {
  const address = server.server.address();
  return typeof address === 'object' && address ? address.port : 0;
};

export function announceReady(
  app: FastifyInstance,
  side: { name: 'barePort' | 'sidePort'; server: FastifyInstance },
  database: Database,
  extra: Record<string, unknown>,
): void {
  console.log(JSON.stringify({ ready: true, port: portOf(app), [side.name]: portOf(side.server), ...extra }));
  const stop = async () => {
    await app.close();
    await side.server.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop());
  process.on('SIGINT', () => void stop());
}
