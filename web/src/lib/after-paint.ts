/**
 * Runs `run` once the browser has painted the next frame: a timer set from that frame's callbacks fires after its
 * rendering. For work a screen starts as it appears that the person does not wait for (a request for figures that
 * refresh themselves, a reading of positions): done in an effect, it can run before the paint and delay it.
 * Returns a cancel, for an effect's cleanup.
 */
export function afterNextPaint(run: () => void): () => void {
  let timer = 0;
  const frame = requestAnimationFrame(() => {
    timer = window.setTimeout(run);
  });
  return () => {
    cancelAnimationFrame(frame);
    clearTimeout(timer);
  };
}
