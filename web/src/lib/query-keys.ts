/**
 * Query keys from one factory, so a mutation can invalidate everything it
 * changes: a status move refreshes the lists, the detail and the counts.
 */
export const queryKeys = {
  folderCounts: () => ['folder-counts'] as const,
  orders: {
    all: () => ['orders'] as const,
    lists: () => ['orders', 'list'] as const,
    /** Every page of one folder's list (each `list` key starts with it). */
    folderLists: (folder: string) => ['orders', 'list', folder] as const,
    list: (folder: string, params: Record<string, unknown>) => ['orders', 'list', folder, params] as const,
    details: () => ['orders', 'detail'] as const,
    detail: (orderId: number | string) => ['orders', 'detail', String(orderId)] as const,
    /** An order's requests for information (under `orders`: a change to orders reads them again too). */
    informationRequests: (orderId: number) => ['orders', 'information-requests', String(orderId)] as const,
    /** The orders marked "Customer replied". */
    repliedOrders: () => ['orders', 'information-requests', 'replied'] as const,
  },
  team: {
    all: () => ['team'] as const,
    list: () => ['team', 'list'] as const,
    member: (id: number) => ['team', 'member', id] as const,
    types: () => ['team', 'types'] as const,
  },
  reports: {
    all: () => ['reports'] as const,
    report: (name: string, params: Record<string, unknown>) => ['reports', name, params] as const,
    processLogs: (orderId: string) => ['reports', 'process-logs', orderId] as const,
  },
  gateways: () => ['gateways'] as const,
  exports: {
    all: () => ['exports'] as const,
    /** Which roles may export (every member reads it; an Admin changes it). */
    settings: () => ['exports', 'settings'] as const,
    log: (params: Record<string, unknown>) => ['exports', 'log', params] as const,
  },
  security: {
    all: () => ['security'] as const,
    twoFactor: () => ['security', 'two-factor'] as const,
    sessions: () => ['security', 'sessions'] as const,
    settings: () => ['security', 'settings'] as const,
    member: (id: number) => ['security', 'member', id] as const,
  },
};
