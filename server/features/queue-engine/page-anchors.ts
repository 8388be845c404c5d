/**
 * Page anchors: where a deep page of a queue may start its index walk. Without one, page 500 of New
 * Orders skips 5,000 index entries from the top, most of that request's cost. Each
 * deep page served remembers its first row (position, created_at, order_id) with the folder's version
 * (the sum of its counter buckets' `changes`, migration 0013); a later page at or after that position
 * walks from the row instead, skipping only the difference.
 *
 * The anchor is a hint, never trusted: the page statement reads the folder's version in its own snapshot
 * and uses the anchor only if the version is still the one the anchor was taken at, i.e. no order has
 * entered or left the folder since, so every row before the anchor is still there and the anchor is
 * still at its position. Otherwise the same statement walks from the top (lists.service.ts,
 * anchoredPageStatement). Anchors live in this process's memory, per folder view.
 */
import type { Folder } from '../../../shared/orders';
import { perObject } from '../../lib/per-object';

/** Pages that start before this offset walk from the top: skipping a few hundred entries costs little. */
export const ANCHORED_FROM = 200;
/** Anchors kept per folder view; the oldest goes first. */
const MAX_ANCHORS = 64;
/** Folder views kept (a view is per day, so yesterday's must go); the least recently answered goes first. */
export const MAX_VIEWS = 256;

export interface Anchor {
  position: number;
  createdAt: string;
  orderId: number;
}
interface FolderAnchors {
  version: bigint;
  byPosition: Map<number, Anchor>;
}

const storeFor = perObject<object, Map<string, FolderAnchors>>(() => new Map());

/** One folder view: My Order is per staff member, New and Future per day, Future also per month tile. */
export function anchorKey(folder: Folder, staffId: number, today: string, processMonth?: number): string {
  return [folder, folder === 'myOrder' ? staffId : '', today, processMonth ?? ''].join('|');
}

/** The remembered anchor nearest before `offset`, with the version it was taken at. */
export function nearestAnchor(db: object, key: string, offset: number): { anchor: Anchor; version: string } | null {
  const entry = storeFor(db).get(key);
  if (!entry) return null;
  let best: Anchor | null = null;
  for (const anchor of entry.byPosition.values()) {
    if (anchor.position <= offset && (!best || anchor.position > best.position)) best = anchor;
  }
  return best ? { anchor: best, version: String(entry.version) } : null;
}

/** Remembers a page's first row. A newer version replaces every anchor of an older one; an older version is ignored. */
export function rememberAnchor(db: object, key: string, version: string, anchor: Anchor): void {
  const store = storeFor(db);
  const seen = BigInt(version);
  let entry = store.get(key);
  if (entry && seen < entry.version) return;
  store.delete(key); // re-inserted as the most recent view
  if (!entry || seen > entry.version) entry = { version: seen, byPosition: new Map() };
  store.set(key, entry);
  if (store.size > MAX_VIEWS) store.delete(store.keys().next().value!);
  entry.byPosition.delete(anchor.position); // re-inserted as the newest
  entry.byPosition.set(anchor.position, anchor);
  if (entry.byPosition.size > MAX_ANCHORS) entry.byPosition.delete(entry.byPosition.keys().next().value!);
}
