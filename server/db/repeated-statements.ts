/**
 * Which statements with their values written into their text are worth preparing (selectPrepared). Such a text is one
 * page of one filtered list: most are read once, but a live refresh or another member on the same view reads the same
 * text again, and a prepared statement is then read without being planned (docs/decisions/0059).
 *
 * A prepared statement holds about 170 kB of its connection's memory until the pool retires the connection
 * (CONNECTION_LIFETIME_S), whatever its text. So a text is prepared only from its second read within a window, and at
 * most `perWindow` texts a window: a connection lives at most about one window, so it holds at most about twice
 * `perWindow` of them. Past that, or at a first read, the statement runs unprepared and is planned as before.
 */
export class RepeatedStatements {
  private windowStart = Number.NEGATIVE_INFINITY;
  private readonly seen = new Set<string>();
  private readonly prepared = new Set<string>();

  constructor(
    private readonly perWindow: number,
    private readonly windowMs: number,
    /** Texts read once that are remembered, per window; past it they are forgotten all at once. */
    private readonly seenKept = 2_000,
  ) {}

  /** Whether this read of `text` runs prepared. */
  shouldPrepare(text: string, now = Date.now()): boolean {
    if (now - this.windowStart >= this.windowMs) {
      this.windowStart = now;
      this.seen.clear();
      this.prepared.clear();
    }
    if (this.prepared.has(text)) return true;
    if (this.seen.has(text)) {
      if (this.prepared.size >= this.perWindow) return false;
      this.prepared.add(text);
      return true;
    }
    if (this.seen.size >= this.seenKept) this.seen.clear();
    this.seen.add(text);
    return false;
  }
}
