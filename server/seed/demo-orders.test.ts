import { describe, expect, it } from 'vitest';
import { createOrderGenerator } from './demo-orders';

describe('demo order generator', () => {
  it('never dates anything after `now`, however recent the order (logs, remarks, assignment, processing)', () => {
    const now = new Date('2026-11-22T00:30:00.000Z');
    const next = createOrderGenerator({ firstOrderId: 100001, landingSiteIds: [1], staff: [{ id: 1, name: 'Tess Team' }], count: 2000, seed: 7, now, spanDays: 1 });
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

  it('dates orders oldest first across the whole span, as order ids grow with time', () => {
    const now = new Date('2026-11-22T00:30:00.000Z');
    const next = createOrderGenerator({ firstOrderId: 500, landingSiteIds: [1], staff: [{ id: 1, name: 'Tess Team' }], count: 300, seed: 3, now, spanDays: 30 });
    const created = Array.from({ length: 300 }, () => Date.parse(String(next().values.created_at)));
    expect(created).toEqual([...created].sort((a, b) => a - b));
    expect(now.getTime() - created[0]!).toBeGreaterThan(29 * 86_400_000);
    expect(now.getTime() - created[299]!).toBeLessThan(0.2 * 86_400_000);
  });
});
