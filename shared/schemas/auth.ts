import { z } from 'zod';
import { textField } from './fields';
import { EMAIL_INVALID, EMAIL_PATTERN, EMAIL_REQUIRED, PASSWORD_REQUIRED } from './sign-in-texts';
import { twoFactorCode } from './auth-forms';

/** Messages exactly as the product words them (product: messages.md#validation). */
export const loginSchema = z.object({
  email: textField('Email Address', { error: EMAIL_REQUIRED })
    .trim()
    .min(1, EMAIL_REQUIRED)
    .pipe(z.email({ pattern: EMAIL_PATTERN, error: EMAIL_INVALID })),
  password: textField('Password', { error: PASSWORD_REQUIRED }).min(1, PASSWORD_REQUIRED),
  /** Given by an earlier sign-in of this browser to the same account: its attempts are counted apart (decision 0011). */
  deviceToken: z.string().max(2000).optional(),
});
export type LoginInput = z.input<typeof loginSchema>;

export const verifyOtpSchema = z.object({
  otpToken: z.string({ error: 'Please sign in again.' }).min(1, 'Please sign in again.').max(2000),
  code: twoFactorCode,
  deviceToken: z.string().max(2000).optional(),
});
export type VerifyOtpInput = z.input<typeof verifyOtpSchema>;

export const requireTwoFactorSchema = z.object({ required: z.boolean({ error: 'required must be true or false' }) });
export const endSessionSchema = z.object({ sessionId: z.string().uuid('Session not found.') });
export const teamMemberIdSchema = z.object({
  teamMemberId: z.coerce
    .number({ error: 'Please choose a team member.' })
    .int()
    .positive('Please choose a team member.')
    .max(2_147_483_647),
});

/** What the profile's security panel and the Admin's view of a member read. */
export const sessionViewSchema = z.object({
  id: z.string(),
  current: z.boolean(),
  device: z.string().nullable(),
  ip: z.string().nullable(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
  expiresAt: z.string(),
});
export type SessionView = z.infer<typeof sessionViewSchema>;
export const twoFactorStatusSchema = z.object({
  enabled: z.boolean(),
  enabledAt: z.string().nullable(),
  required: z.boolean(),
  recoveryCodesLeft: z.number(),
});
export type TwoFactorStatus = z.infer<typeof twoFactorStatusSchema>;
export const securityEventSchema = z.object({
  event: z.string(),
  actorName: z.string().nullable(),
  createdAt: z.string(),
});
export type SecurityEvent = z.infer<typeof securityEventSchema>;
