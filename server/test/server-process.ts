/**
 * The real entry point (server/main.ts) in a child process, for tests of what
 * only a whole process shows: signals, crashes, start-up log lines.
 */
import { spawn, type ChildProcess } from 'node:child_process';

export interface ServerProcess {
  child: ChildProcess;
  /** Everything it wrote so far, stdout and stderr together. */
  output(): string;
  /** Resolves with the port it listens on; rejects if it exits first. */
  ready: Promise<number>;
  /** Its exit code (null when killed by a signal). */
  exited: Promise<number | null>;
}

/**
 * Starts `server/main.ts` with the test process's environment plus `env` (an empty value unsets a variable). Unless
 * `env.PORT` says otherwise it listens on a port the system picks: a port chosen by the test and handed over could
 * be taken in between (the client sockets of a busy suite draw from the same range), which failed a CI run once.
 */
export function startServerProcess(env: Record<string, string>): ServerProcess {
  let output = '';
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: { ...process.env, HOST: '127.0.0.1', LOG_LEVEL: 'info', PORT: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (d) => {
    output += String(d);
  });
  child.stderr!.on('data', (d) => {
    output += String(d);
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const ready = new Promise<number>((resolve, reject) => {
    const timer = setInterval(() => {
      // Fastify's own line: "Server listening at http://127.0.0.1:PORT".
      const listening = /Server listening at http:\/\/127\.0\.0\.1:(\d+)/.exec(output);
      if (listening) {
        clearInterval(timer);
        resolve(Number(listening[1]));
      }
    }, 50);
    void exited.then((code) => {
      clearInterval(timer);
      reject(new Error(`server exited early (${code}):\n${output}`));
    });
  });
  ready.catch(() => {}); // a test that never awaits `ready` must not see an unhandled rejection
  return { child, output: () => output, ready, exited };
}
