/**
 * Work kept in the browser until it is sent (docs/decisions/0022): session storage (this tab only, gone
 * when it closes), every key starting with DRAFT_PREFIX. A deliberate logout clears them; a session that simply
 * ran out keeps them, so signing in again in the same tab brings the text back.
 */
export const DRAFT_PREFIX = 'draft:';
export function clearDrafts(): void {
  try {
    for (const key of Object.keys(sessionStorage)) if (key.startsWith(DRAFT_PREFIX)) sessionStorage.removeItem(key);
  } catch {
    /* storage unavailable: nothing kept */
  }
}
