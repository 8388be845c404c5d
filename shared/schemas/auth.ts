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

/** A staff member as sign-in and `user_info` answer it. */
export const staffMemberSchema = z.object({ id: z.number(), name: z.string(), email: z.string(), type: z.string() });
/** A completed sign-in's data (its envelope also carries `jwtToken` and `deviceToken`). */
export const signedInMemberSchema = staffMemberSchema.extend({ twoFactorSetupRequired: z.boolean() });
/** Sign-in's status 2: the password was right; the code is sent to verify-otp with this one-time token. */
export const codeNeededSchema = z.object({ otpToken: z.string() });
/** Two-factor set-up's start: a new secret as text, its otpauth:// URL and a QR code (PNG data URL). */
export const twoFactorSetupSchema = z.object({ secret: z.string(), otpauthUrl: z.string(), qrCode: z.string() });
/** Two-factor set-up's end: the recovery codes, shown this once. */
export const recoveryCodesSchema = z.object({ recoveryCodes: z.array(z.string()) });
export const securitySettingsSchema = z.object({ requireTwoFactor: z.boolean() });
/** What an Admin reads of one member: the second factor, the live sessions, the security events. */
export const memberSecuritySchema = z.object({
  twoFactor: twoFactorStatusSchema,
  sessions: z.array(sessionViewSchema),
  events: z.array(securityEventSchema),
});
export const sessionsEndedSchema = z.object({ ended: z.number() });
