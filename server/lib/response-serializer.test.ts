import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { orderListRowSchema } from '../../shared/schemas/order-list';
import { envelope } from './envelope';
import { responseSerializer } from './response-serializer';

const compile = (schema: z.ZodType) =>
  responseSerializer({ schema, method: 'GET', url: '/x', httpStatus: '200' } as never) as (data: unknown) => string;

describe('response serializer', () => {
  const row = {
    order_id: 450480,
    process_status: 'New',
    processing_mode: 'standard',
    given_name: 'AIKO',
    surname: 'BRANDT',
    email: 'aiko@example.com',
    personal_phone_code: '+81',
    personal_telephone_number: '9012345678',
    created_at: '2026-11-21T10:00:00.000Z',
    refund_date: null,
    processing_date: null,
    process_month: null,
    assigned_to_id: null,
    assign_to: null,
    date_of_arrival_in_japan: 4,
    month_of_arrival_in_japan: 7,
    year_of_arrival_in_japan: 2027,
  };
  const page = envelope(z.array(orderListRowSchema)).extend({ totalRecords: z.number(), totalCapped: z.boolean() });

  it('writes what JSON.stringify writes for a declared answer, nulls included', () => {
    const data = {
      status: 1,
      message: 'Success',
      data: [row, { ...row, order_id: 450481, assign_to: 'Tess' }],
      totalRecords: 2,
      totalCapped: false,
    };
    expect(JSON.parse(compile(page)(data))).toEqual(data);
  });

  it('leaves out what the schema does not declare, however deep', () => {
    const leaky = {
      status: 1,
      message: 'Success',
      data: [{ ...row, passport_number: 'TK1234567' }],
      totalRecords: 1,
      totalCapped: false,
      passwordHash: 'x',
    };
    const text = compile(page)(leaky);
    expect(text).not.toContain('TK1234567');
    expect(text).not.toContain('passwordHash');
  });

  it('refuses an answer missing a required field', () => {
    expect(() => compile(page)({ status: 1, message: 'Success', data: [], totalCapped: false })).toThrow(
      /totalRecords/,
    );
  });
});
