import { describe, expect, it } from 'vitest';
import { createOrderGenerator } from './demo-orders';

describe('demo order generator', () => {
  it('never dates anything after `now`, however recent the order (logs, remarks, assignment, processing)', () => {
    const now = new Date('2026-11-22T00:30:00.000Z');
    const next = createOrderGenerator({ firstOrderId: 100001, landingSiteIds: [1], staff: [{ id: 1, name: 'Tess Team' }], seed: 7, now, spanDays: 1 });
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
});
