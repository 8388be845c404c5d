/**
 * An answer kept with the live event through which it reflects every change (its header, lib/api.ts), for queries
 * the live stream refreshes (features/live): an event this answer already reflects needs no new read.
 */
import type { Envelope } from './api';

export interface Reflected<T> {
  value: T;
  eventsThrough: number | null;
}

export const reflected = <T>(answer: Envelope<T>): Reflected<T> => ({
  value: answer.data,
  eventsThrough: answer.eventsThrough ?? null,
});

/** Whether an answer that reflects the events through `eventsThrough` already reflects live event `eventId`. */
export const isReflected = (eventsThrough: number | null | undefined, eventId: number | null) =>
  eventId !== null && eventsThrough != null && eventsThrough >= eventId;

/** Whether `data` already reflects live event `eventId`. */
export const reflects = (data: Reflected<unknown> | undefined, eventId: number) =>
  isReflected(data?.eventsThrough, eventId);
