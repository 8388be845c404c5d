/**
 * What a saved view keeps of the address: everything but the search text, the page and an exact total asked for
 * (the server drops them too).
 */
export function viewQueryOf(current: URLSearchParams): string {
  const next = new URLSearchParams(current);
  next.delete('q');
  next.delete('page');
  next.delete('total');
  next.sort();
  return next.toString();
}
