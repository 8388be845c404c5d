/**
 * The shared field rules, as the server and the web forms both apply them: a NUL character (U+0000) in any text
 * field is refused with a message naming the field; ids and pages out of their column's range are refused.
 */
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { loginSchema } from './auth';
import { changePasswordSchema } from './auth-forms';
import { MAX_PAGE, MAX_SERIAL_ID, nulMessage, pageField, serialIdField, textField } from './fields';
import { uploadDocumentFieldsSchema } from './mail';
import { addRemarkSchema } from './order-detail';
import { transactionDetailsSchema } from './order-detail-forms';
import { orderListQuerySchema, searchOrderSchema } from './order-list';
import { processingLogsQuerySchema } from './reports';
import { addTeamMemberSchema, updateTeamMemberSchema } from './team';
import { downloadDocumentBodySchema, trackOrderSchema } from './tracking';

/** The first message zod gives for `field`, or null when the input passes. */
function messageFor(schema: z.ZodType, input: Record<string, unknown>, field: string): string | null {
  const result = schema.safeParse(input);
  if (result.success) return null;
  return result.error.issues.find((issue) => issue.path[0] === field)?.message ?? null;
}

describe('textField', () => {
  it('refuses U+0000 anywhere in the text, naming the field, and keeps its other rules', () => {
    const remark = textField('Remark', { error: 'Please enter your remark' }).trim().min(1, 'Please enter your remark');
    expect(remark.safeParse('fine text, with\ttab and é').success).toBe(true);
    for (const value of ['\u0000', 'a\u0000b', 'end\u0000']) {
      expect(remark.safeParse(value).error?.issues[0]?.message).toBe(
        'Remark must not contain the NUL character (U+0000).',
      );
    }
    expect(remark.safeParse('   ').error?.issues[0]?.message).toBe('Please enter your remark');
    expect(remark.safeParse(5).error?.issues[0]?.message).toBe('Please enter your remark');
  });

  it('is what every free-text field of a request uses', () => {
    const cases: [z.ZodType, Record<string, unknown>, string, string][] = [
      [loginSchema, { email: 'a@b.example', password: 'p\u0000ss' }, 'password', 'Password'],
      [changePasswordSchema, { newPassword: 'secret\u0000-long' }, 'newPassword', 'New Password'],
      [
        addTeamMemberSchema,
        { name: 'A\u0000', email: 'a@b.example', password: 'secret-1', type: 'Team' },
        'name',
        'Name',
      ],
      [
        updateTeamMemberSchema,
        { tmId: 1, name: 'A', email: 'a@b.example', password: 'secret\u0000-1', type: 'Team' },
        'password',
        'Password',
      ],
      [addRemarkSchema, { orderId: 100001, remark: 'called\u0000' }, 'remark', 'Remark'],
      [
        transactionDetailsSchema,
        { orderId: 100001, transactionId: 'T1', merchantName: 'M\u0000' },
        'merchantName',
        'Merchant Name',
      ],
      [searchOrderSchema, { folderName: 'newOrder', searchVal: 'x\u0000' }, 'searchVal', 'Search text'],
      [processingLogsQuerySchema, { search: '1001\u0000' }, 'search', 'Search text'],
      [orderListQuerySchema, { userName: 'A\u0000' }, 'userName', 'userName'],
      [trackOrderSchema, { orderId: '100001', email: 'a\u0000@b.example' }, 'email', 'Email'],
      [downloadDocumentBodySchema, { orderId: '100001', customername: 'c\u0000' }, 'customername', 'customername'],
      [
        uploadDocumentFieldsSchema,
        { orderId: 100001, email: '\u0000a@b.example', mailServiceProvider: 'smtp' },
        'email',
        'Email',
      ],
    ];
    for (const [schema, input, field, label] of cases)
      expect(messageFor(schema, input, field), field).toBe(nulMessage(label));
  });
});

describe('serialIdField and pageField', () => {
  it('refuse ids past a serial column and pages past what an OFFSET takes, with a message', () => {
    const id = serialIdField('Team member id');
    expect(id.parse('42')).toBe(42);
    expect(id.parse(MAX_SERIAL_ID)).toBe(MAX_SERIAL_ID);
    expect(id.safeParse(MAX_SERIAL_ID + 1).error?.issues[0]?.message).toBe(
      'Team member id must be at most 2147483647.',
    );
    for (const bad of ['abc', -1, 0, 1.5, '1e400'])
      expect(id.safeParse(bad).error?.issues[0]?.message).toBe('Team member id must be a number.');

    expect(pageField.parse(undefined)).toBe(1);
    expect(pageField.parse('7')).toBe(7);
    expect(pageField.parse(MAX_PAGE)).toBe(MAX_PAGE);
    expect(pageField.safeParse(Number.MAX_SAFE_INTEGER).error?.issues[0]?.message).toBe('page is at most 1000000.');
    expect(pageField.safeParse('0').error?.issues[0]?.message).toBe('page starts at 1.');
    expect(pageField.safeParse('abc').error?.issues[0]?.message).toBe('page must be a number.');
  });
});
