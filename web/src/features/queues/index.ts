/** The queues feature's public entry (docs/decisions/0031): what the admin frame's links use to open a queue at once. */
export { queuePrefetcher } from './prefetch-queue';
