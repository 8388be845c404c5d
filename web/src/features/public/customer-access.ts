/**
 * The customer's order token (product: public-pages.md#customer-token), kept per order in
 * sessionStorage: it lives as long as the tab and its short expiry, never in
 * localStorage beside the staff login, and is sent only on the public calls.
 */
export interface CustomerAccess {
  token: string;
  expiresAt: string;
}

const key = (orderId: number) => `order-access:${orderId}`;

export function saveCustomerAccess(orderId: number, access: CustomerAccess) {
  try {
    sessionStorage.setItem(key(orderId), JSON.stringify(access));
  } catch {
    // Storage full or blocked: the download page then asks the customer to track again.
  }
}

/** The stored token for this order while it is still valid, else null. */
export function readCustomerAccess(orderId: number, now = Date.now()): CustomerAccess | null {
  try {
    const raw = sessionStorage.getItem(key(orderId));
    if (!raw) return null;
    const access = JSON.parse(raw) as Partial<CustomerAccess>;
    if (typeof access.token !== 'string' || typeof access.expiresAt !== 'string') return null;
    if (!(Date.parse(access.expiresAt) > now)) {
      sessionStorage.removeItem(key(orderId));
      return null;
    }
    return { token: access.token, expiresAt: access.expiresAt };
  } catch {
    return null;
  }
}

export function clearCustomerAccess(orderId: number) {
  try {
    sessionStorage.removeItem(key(orderId));
  } catch {
    // nothing to clear
  }
}

export const bearer = (access: CustomerAccess) => ({ authorization: `Bearer ${access.token}` });
