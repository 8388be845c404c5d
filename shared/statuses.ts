/**
 * The order statuses (product: orders.md#statuses), on their own so that shared/folders.ts and shared/orders.ts can
 * both use them without importing each other.
 */
export const PROCESS_STATUSES = [
  'New',
  'Pending',
  'Awaiting',
  'AwaitingGovt',
  'Contact Customer',
  'Customer Called',
  'Completed',
  'Refunds',
  'ChargeBack',
  'Deleted',
] as const;
export type ProcessStatus = (typeof PROCESS_STATUSES)[number];
