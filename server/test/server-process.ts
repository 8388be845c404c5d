/**
 * The real entry point (server/main.ts) in a child process, for tests of what
 * only a whole process shows: signals, crashes, start-up log lines.
 */
import { spawn, type ChildProcess } from 'node:child_process';

export interface ServerProcess {
  child: ChildProcess;
  /** Everything it wrote so far, stdout and stderr together. */
  output(): string;
  /** Resolves once it listens; rejects if it exits first. */
  ready: Promise<void>;
  /** Its exit code (null when killed by a signal). */
  exited: Promise<number | null>;
}

/** Starts `server/main.ts` with the test process's environment plus `env` (an empty value unsets a variable). */
export function startServerProcess(env: Record<string, string>): ServerProcess {
  let output = '';
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: { ...process.env, HOST: '127.0.0.1', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (d) => {
    output += String(d);
  });
  child.stderr!.on('data', (d) => {
    output += String(d);
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const ready = new Promise<void>((resolve, reject) => {
    const timer = setInterval(() => {
      if (output.includes('Server listening')) {
        clearInterval(timer);
        resolve();
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

/** A port for a child server: random in a range tests do not otherwise use. */
export const childPort = () => 39000 + Math.floor(Math.random() * 1000);
