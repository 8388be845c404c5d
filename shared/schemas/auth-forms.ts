/**
 * The staff screens' own sign-in forms (Change Password, a two-factor code): only these are built when such a screen
 * loads, not auth.ts's request and answer schemas (docs/decisions/0035). auth.ts builds the server's
 * schemas from the same fields.
 */
import { z } from 'zod';
import { textField } from './fields';
import { CODE_INVALID, CODE_MAX_LENGTH, CODE_REQUIRED } from './sign-in-texts';

export const changePasswordSchema = z.object({
  newPassword: textField('New Password', { error: 'Please enter your New Password.' })
    .min(1, 'Please enter your New Password.')
    .min(6, 'New Password must be at least 6 characters.')
    .max(200, 'New Password must be at most 200 characters.'),
});
export type ChangePasswordInput = z.input<typeof changePasswordSchema>;

/** A six-digit code from the authenticator app, or a recovery code (xxxxx-xxxxx). */
export const twoFactorCode = z
  .string({ error: CODE_REQUIRED })
  .trim()
  .min(1, CODE_REQUIRED)
  .max(CODE_MAX_LENGTH, CODE_INVALID);

export const twoFactorCodeSchema = z.object({ code: twoFactorCode });
export type TwoFactorCodeInput = z.input<typeof twoFactorCodeSchema>;
