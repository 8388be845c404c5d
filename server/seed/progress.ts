/**
 * Progress of long work (seeding), said at most every `everyMs` and always at the end, so a person or a service
 * manager watching the output never waits long without a word, however many orders are seeded.
 */
export interface Progress {
  /** `done` of `total` units finished; `what` names them ("orders loaded"). */
  (done: number): void;
}

export function progressEvery(
  everyMs: number,
  total: number,
  what: string,
  say: (line: string) => void,
  now = () => Date.now(),
): Progress {
  const started = now();
  let saidAt = started;
  return (done) => {
    const at = now();
    if (done < total && at - saidAt < everyMs) return;
    saidAt = at;
    const seconds = (at - started) / 1000;
    const rate = seconds > 0 ? ` ${Math.round(done / seconds).toLocaleString('en-US')}/s` : '';
    const left = done < total && done > 0 ? `, about ${Math.ceil(((total - done) * seconds) / done)} s left` : '';
    say(
      `${done.toLocaleString('en-US')} of ${total.toLocaleString('en-US')} ${what} (${seconds.toFixed(1)} s,${rate}${left})`,
    );
  };
}
