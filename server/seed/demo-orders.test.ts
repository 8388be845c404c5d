import { describe, expect, it } from 'vitest';
import { CLOSED_STATUSES } from '../../shared/orders';
import { createOrderGenerator } from './demo-orders';

describe('demo order generator', () => {
  it('never dates anything after `now`, however recent the order (logs, remarks, assignment, processing)', async () => {
    const now = new Date('2026-11-22T00:30:00.000Z');
    const next = await createOrderGenerator({
      firstOrderId: 100001,
      landingSiteIds: [1],
      staff: [{ id: 1, name: 'Tess Team' }],
      count: 2000,
      seed: 7,
      now,
      spanDays: 1,
    });
    const times: string[] = [];
    for (let i = 0; i < 2000; i++) {
      const o = next();
      times.push(...o.logs.map((l) => l.at.toISOString()), ...o.remarks.map((r) => r.createdAt.toISOString()));
      for (const key of ['created_at', 'updated_at', 'assigned_at', 'processed_at', 'refund_date'] as const) {
        const value = o.values[key];
        if (typeof value === 'string') times.push(value);
      }
    }
    expect(times.length).toBeGreaterThan(4000);
    expect(times.filter((t) => t > now.toISOString())).toEqual([]);
  });

  it('dates orders oldest first across the whole span, as order ids grow with time', async () => {
    const now = new Date('2026-11-22T00:30:00.000Z');
    const next = await createOrderGenerator({
      firstOrderId: 500,
      landingSiteIds: [1],
      staff: [{ id: 1, name: 'Tess Team' }],
      count: 300,
      seed: 3,
      now,
      spanDays: 30,
    });
    const created = Array.from({ length: 300 }, () => Date.parse(String(next().values.created_at)));
    expect(created).toEqual([...created].sort((a, b) => a - b));
    expect(now.getTime() - created[0]!).toBeGreaterThan(29 * 86_400_000);
    expect(now.getTime() - created[299]!).toBeLessThan(0.2 * 86_400_000);
  });

  it('ages orders as a live service does: recent ones mostly New, weeks-old ones closed, future ones waiting in New', async () => {
    const now = new Date('2026-11-22T00:30:00.000Z');
    const next = await createOrderGenerator({
      firstOrderId: 1,
      landingSiteIds: [1],
      staff: [{ id: 1, name: 'Tess Team' }],
      count: 60_000,
      seed: 11,
      now,
      spanDays: 120,
    });
    const tally = {
      recent: 0,
      recentNew: 0,
      old: 0,
      oldNew: 0,
      oldClosed: 0,
      waiting: 0,
      waitingNew: 0,
      all: 0,
      allNew: 0,
    };
    const closed: readonly string[] = CLOSED_STATUSES;
    for (let i = 0; i < 60_000; i++) {
      const { values } = next();
      const ageDays = (now.getTime() - Date.parse(String(values.created_at))) / 86_400_000;
      const isNew = values.process_status === 'New';
      tally.all++;
      if (isNew) tally.allNew++;
      if (values.processing_mode === 'future' && String(values.processing_date) > '2026-11-22') {
        tally.waiting++;
        if (isNew) tally.waitingNew++;
      } else if (ageDays < 2) {
        tally.recent++;
        if (isNew) tally.recentNew++;
      } else if (ageDays > 14) {
        tally.old++;
        if (isNew) tally.oldNew++;
        if (closed.includes(String(values.process_status))) tally.oldClosed++;
      }
    }
    expect(tally.recentNew / tally.recent).toBeGreaterThan(0.7);
    expect(tally.waitingNew / tally.waiting).toBeGreaterThan(0.7);
    expect(tally.oldNew / tally.old).toBeLessThan(0.02);
    expect(tally.oldClosed / tally.old).toBeGreaterThan(0.9);
    expect(tally.allNew / tally.all).toBeGreaterThan(0.03);
    expect(tally.allNew / tally.all).toBeLessThan(0.1);
  });
});
