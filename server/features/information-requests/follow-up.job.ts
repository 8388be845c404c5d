/**
 * The follow-up's clock: every process runs it (main.ts) every INFO_REQUEST_INTERVAL, the first time half a minute
 * after start so a start is never slowed. Runs at the same moment in several processes share the work through the
 * row locks of follow-up.service.ts; the schedule itself is in the database, so a stop or a crash loses nothing.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { Executor } from '../../db/client';
import { runFollowUps, type FollowUpRun } from './follow-up.service';

const UNIT_MS = { s: 1000, m: 60_000, h: 3_600_000 } as const;
/** `30s`, `5m`, `1h` in milliseconds; null for `off`. */
const intervalMs = (value: string): number | null => {
  const match = /^(\d+)([smh])$/.exec(value);
  return match ? Number(match[1]) * UNIT_MS[match[2] as keyof typeof UNIT_MS] : null;
};

export class FollowUpJob {
  private timer: NodeJS.Timeout | null = null;
  private current: Promise<unknown> | null = null;
  private stopped = false;

  constructor(
    private readonly deps: { db: Executor; config: Config; log: Pick<FastifyBaseLogger, 'info' | 'error'> },
    private readonly firstRunMs = 30_000,
  ) {}

  start(): void {
    const every = intervalMs(this.deps.config.INFO_REQUEST_INTERVAL);
    if (every === null) return;
    this.schedule(Math.min(this.firstRunMs, every), every);
  }

  /** Runs once now; errors are logged (by their codes, never a value), never thrown. */
  async runNow(now = new Date()): Promise<FollowUpRun | null> {
    const running = runFollowUps(this.deps, now).then(
      (run) => {
        if (Object.values(run).some((n) => n > 0))
          this.deps.log.info({ followUp: run }, 'information requests followed up');
        return run;
      },
      (error: unknown) => {
        this.deps.log.error({ err: error }, 'information request follow-up failed; it runs again at the next interval');
        return null;
      },
    );
    this.current = running;
    try {
      return await running;
    } finally {
      this.current = null;
    }
  }

  /** No new run; waits for the one in progress (short transactions). */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.current;
  }

  private schedule(delay: number, every: number) {
    this.timer = setTimeout(() => {
      void this.runNow().finally(() => {
        if (!this.stopped) this.schedule(every, every);
      });
    }, delay);
    this.timer.unref();
  }
}
