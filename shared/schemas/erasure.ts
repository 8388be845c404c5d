/**
 * An erasure of an order's personal data, as the order detail and the defence packs show it: what was
 * erased, when, by whom (a member for a permanent deletion, "Retention policy" for the retention job) and the rule.
 */
import { z } from 'zod';

export const erasureEntrySchema = z.object({
  /** The process-log step that recorded it ("Passport and travel details erased", "Personal data erased"...). */
  step: z.string(),
  erased_at: z.string(),
  by: z.string(),
  /** The retention rule applied ("Retention policy: 30 days after the arrival date"); null for a permanent deletion. */
  rule: z.string().nullable(),
  /** What was erased, in words. */
  what: z.string(),
});
export type ErasureEntry = z.infer<typeof erasureEntrySchema>;
