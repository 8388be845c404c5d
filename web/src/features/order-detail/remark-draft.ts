/**
 * The remark being typed on an order, kept in this tab's session storage until it is sent
 * (docs/decisions/0022): a reload, a session that ran out or leaving the page and coming back does not lose it.
 * Session storage, not local storage: a remark can hold personal data, and it should not outlive the tab.
 */
import { DRAFT_PREFIX } from '../../lib/drafts';

const key = (orderId: number) => `${DRAFT_PREFIX}remark:${orderId}`;

export function readRemarkDraft(orderId: number): string {
  try {
    return sessionStorage.getItem(key(orderId)) ?? '';
  } catch {
    return '';
  }
}

/** Saves the text; an empty box removes the draft. */
export function saveRemarkDraft(orderId: number, text: string): void {
  try {
    if (text) sessionStorage.setItem(key(orderId), text);
    else sessionStorage.removeItem(key(orderId));
  } catch {
    /* storage full or unavailable: the box still works, only unsaved */
  }
}

export const clearRemarkDraft = (orderId: number) => saveRemarkDraft(orderId, '');
