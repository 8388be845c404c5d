/**
 * A TCP relay between the app and a real server (PostgreSQL in the tests), to
 * play that server going away and coming back: `stop()` cuts every open
 * connection and refuses new ones, as a stopped or restarting server does;
 * `start()` listens again on the same port; `freeze()` plays a server that
 * vanished without closing anything (a failover whose address went nowhere).
 */
import net, { type AddressInfo } from 'node:net';

export interface TcpProxy {
  port: number;
  stop(): Promise<void>;
  start(): Promise<void>;
  /** Keeps every connection open but carries nothing either way: a server that vanished without a word. */
  freeze(): void;
}

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const sockets = new Set<net.Socket>();
  let server: net.Server | null = null;
  let port = 0;
  let frozen = false;

  const listen = async () => {
    const s = net.createServer((client) => {
      if (frozen) {
        sockets.add(client);
        client.on('close', () => sockets.delete(client)).on('error', () => {});
        return;
      }
      const upstream = net.connect(target.port, target.host);
      for (const socket of [client, upstream]) {
        sockets.add(socket);
        socket.on('close', () => sockets.delete(socket));
        socket.on('error', () => {
          client.destroy();
          upstream.destroy();
        });
      }
      client.pipe(upstream).pipe(client);
    });
    await new Promise<void>((resolve, reject) => {
      s.once('error', reject);
      s.listen(port, '127.0.0.1', () => resolve());
    });
    port = (s.address() as AddressInfo).port;
    server = s;
  };

  await listen();
  return {
    get port() {
      return port;
    },
    freeze() {
      frozen = true;
      for (const socket of sockets) {
        socket.unpipe();
        socket.pause();
      }
    },
    async stop() {
      const s = server;
      server = null;
      frozen = false;
      for (const socket of sockets) socket.destroy();
      if (s) await new Promise<void>((resolve) => s.close(() => resolve()));
    },
    async start() {
      if (!server) await listen();
    },
  };
}
