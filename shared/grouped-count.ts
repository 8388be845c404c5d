/**
 * A count (a whole number; not for fractions) as staff read it, its thousands grouped: "963,840". Grouped by hand:
 * toLocaleString would start the browser's number formatting (Intl) where a screen draws the count or a module builds
 * a sentence with it as it loads.
 */
export function groupedCount(n: number): string {
  return String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}
