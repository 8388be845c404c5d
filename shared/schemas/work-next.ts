/** Work next and arrival urgency (docs/decisions/0016). */
import { z } from 'zod';
import { WORK_NEXT_FOLDERS } from './work-next-texts';

export const workNextSchema = z.object({
  folderName: z.enum(WORK_NEXT_FOLDERS, {
    error: 'Work next is available in New Orders, Priority Orders and My Orders.',
  }),
});

/** `orderId` is null when no unassigned order is waiting (the message says so). */
export const workNextResultSchema = z.object({ orderId: z.number().nullable() });
export type WorkNextResult = z.infer<typeof workNextResultSchema>;

export const arrivalUrgencySchema = z.object({
  urgentHours: z.number(),
  veryUrgentHours: z.number(),
  /** Unassigned orders arriving within urgentHours (arrival not passed), per tile. */
  urgent: z.object({ newOrder: z.number(), priorityOrder: z.number() }),
});
export type ArrivalUrgencyInfo = z.infer<typeof arrivalUrgencySchema>;

/** Queue order: the sorts live with the queue filters. */
export { ORDER_SORTS, orderSortField, type OrderSort } from './queue-filters';
