/**
 * What the page showed at every change of its DOM from now on, not only once things settle: a test of a race (a
 * page left behind drawn for a moment, a title a step behind its screen) reads `read()` after each mutation, as
 * findBy and waitFor, which look from time to time, would miss it.
 */
export function recordEveryDraw<T>(read: () => T): { stop(): T[] } {
  const seen: T[] = [];
  const observer = new MutationObserver(() => seen.push(read()));
  observer.observe(document.body, { childList: true, subtree: true, characterData: true });
  return {
    stop() {
      observer.disconnect();
      return seen;
    },
  };
}

/** The page's h1 and h2 texts as they are now. */
export const headingTexts = () => [...document.querySelectorAll('h1, h2')].map((h) => h.textContent ?? '');
