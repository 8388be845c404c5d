/**
 * The sealing job (product: security.md#existing-data): every process, shortly after it starts, seals the orders
 * still stored in clear, then the requests' change sets holding their answers in clear, a batch at a time, until none
 * is left. Processes sharing a database share the work (each batch skips the rows another holds). Once everything is
 * sealed a start costs one look at an empty index of orders and one read of the (small) change sets.
 */
import type { FastifyBaseLogger } from 'fastify';
import { sealRequestAnswers } from '../information-requests';
import { sealOrdersInClear, type SealingDeps } from './seal-orders';

export class SealingJob {
  private timer: NodeJS.Timeout | null = null;
  private current: Promise<number> | null = null;
  private readonly stopping = new AbortController();

  constructor(
    private readonly deps: SealingDeps & { log: Pick<FastifyBaseLogger, 'info' | 'error'> },
    private readonly delayMs = 5_000,
  ) {}

  start(): void {
    this.timer = setTimeout(() => void this.runNow(), this.delayMs);
    this.timer.unref();
  }

  /** Seals what is left now; answers how many orders it sealed (errors are logged, never thrown). */
  async runNow(): Promise<number> {
    const signal = this.stopping.signal;
    this.current = (async () => {
      const sealed = await sealOrdersInClear(this.deps, { signal });
      const answers = await sealRequestAnswers(this.deps, { signal });
      return { sealed, answers };
    })().then(
      ({ sealed, answers }) => {
        if (sealed || answers) this.deps.log.info({ sealed, answers }, 'sealing: data stored in clear is sealed');
        return sealed;
      },
      (error: unknown) => {
        this.deps.log.error({ err: error }, 'sealing orders stored in clear failed; the next start goes on');
        return 0;
      },
    );
    try {
      return await this.current;
    } finally {
      this.current = null;
    }
  }

  /** No new batch; waits for the batch in progress (one short transaction) to commit. */
  async stop(): Promise<void> {
    this.stopping.abort();
    if (this.timer) clearTimeout(this.timer);
    await this.current;
  }
}
