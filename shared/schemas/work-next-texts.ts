/**
 * Which queues have Work next, zod-free: the queue screen needs it when it loads, and work-next.ts builds schemas
 * (docs/decisions/0035). The server imports it from here too.
 */

/** The queues with a Work next button; also the queues that can be sorted by arrival date. */
export const WORK_NEXT_FOLDERS = ['newOrder', 'priorityOrder', 'myOrder'] as const;
export type WorkNextFolder = (typeof WORK_NEXT_FOLDERS)[number];
