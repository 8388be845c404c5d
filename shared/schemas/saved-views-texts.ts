/**
 * Saved views' limits, zod-free: the queue screen's views bar needs them when it loads, and saved-views.ts builds
 * schemas (docs/decisions/0035). The server imports them from here too.
 */

export const SAVED_VIEW_NAME_MAX = 60;
/** Most views one member keeps per queue. */
export const SAVED_VIEWS_PER_FOLDER = 30;
