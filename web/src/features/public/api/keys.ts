/** Query keys of the public pages (kept beside them: nothing here is shared with the admin area). */
export const publicKeys = {
  all: () => ['public'] as const,
  branding: (encodedOrderId: string | undefined) => ['public', 'branding', encodedOrderId ?? null] as const,
  downloadHistory: (orderId: number) => ['public', 'download-history', orderId] as const,
};
