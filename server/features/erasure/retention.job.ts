/**
 * The retention job's clock: every process runs it (main.ts) every RETENTION_INTERVAL, the first time a minute
 * after start so a start is never slowed; runRetention's advisory lock lets one process do the work at a time.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import { runRetention, type RetentionDeps, type RetentionRun } from './retention.service';
import { metricsFor } from '../metrics';

const UNIT_MS = { s: 1000, m: 60_000, h: 3_600_000 } as const;

/** `30m`, `1h`, `45s` in milliseconds; null for `off`. */
export function intervalMs(value: string): number | null {
  const match = /^(\d+)([smh])$/.exec(value);
  return match ? Number(match[1]) * UNIT_MS[match[2] as keyof typeof UNIT_MS] : null;
}

export class RetentionJob {
  private timer: NodeJS.Timeout | null = null;
  private current: Promise<unknown> | null = null;
  private readonly stopping = new AbortController();

  constructor(
    private readonly deps: RetentionDeps & { log: Pick<FastifyBaseLogger, 'warn' | 'info' | 'error'> },
    private readonly config: Pick<Config, 'RETENTION_TRAVEL_DAYS' | 'RETENTION_EVIDENCE_DAYS' | 'RETENTION_INTERVAL'>,
    private readonly firstRunMs = 60_000,
  ) {}

  start(): void {
    const every = intervalMs(this.config.RETENTION_INTERVAL);
    if (every === null) return;
    this.schedule(Math.min(this.firstRunMs, every), every);
  }

  /** Runs once now (and returns what it did); errors are logged, never thrown. */
  async runNow(): Promise<RetentionRun | null> {
    const policy = { travelDays: this.config.RETENTION_TRAVEL_DAYS, evidenceDays: this.config.RETENTION_EVIDENCE_DAYS };
    const metrics = metricsFor(this.deps.db);
    const running = runRetention(this.deps, policy, { signal: this.stopping.signal }).then(
      (run) => {
        if (run.travel || run.evidence || run.rateLimits)
          this.deps.log.info({ retention: run }, 'retention: personal data erased');
        metrics.retentionRuns.inc({ outcome: run.yielded ? 'yielded' : 'done' });
        metrics.retentionErased.inc({ stage: 'travel' }, run.travel);
        metrics.retentionErased.inc({ stage: 'evidence' }, run.evidence);
        metrics.retentionLastSuccess.set(Date.now() / 1000);
        return run;
      },
      (error: unknown) => {
        this.deps.log.error({ err: error }, 'retention run failed; it runs again at the next interval');
        metrics.retentionRuns.inc({ outcome: 'failed' });
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

  /** No new run, no new batch; waits for the batch in progress (one short transaction) to finish. */
  async stop(): Promise<void> {
    this.stopping.abort();
    if (this.timer) clearTimeout(this.timer);
    await this.current;
  }

  private schedule(delay: number, every: number) {
    this.timer = setTimeout(() => {
      void this.runNow().finally(() => {
        if (!this.stopping.signal.aborted) this.schedule(every, every);
      });
    }, delay);
    this.timer.unref();
  }
}
