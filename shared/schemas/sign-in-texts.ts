/**
 * The sign-in form's rules and messages (product: messages.md#validation), zod-free: the sign-in page is a small app of its own
 * that checks its fields with these, and `auth.ts` builds the server's schemas from the same texts and
 * pattern, so the page and the server say the same thing.
 */

export const EMAIL_REQUIRED = 'Email Address is required';
export const EMAIL_INVALID = 'Invalid email address';
export const PASSWORD_REQUIRED = 'Password is required';
export const CODE_REQUIRED = 'Please enter the code.';
export const CODE_INVALID = 'The code is not valid. Please try again.';
export const CODE_MAX_LENGTH = 32;

/** zod 4's own e-mail pattern (`z.regexes.email`, less its needless escapes), written out so the page needs no zod; auth.ts passes it to z.email. */
export const EMAIL_PATTERN =
  /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;

export interface Checked<T> {
  values: T;
  errors: Partial<Record<keyof T, string>>;
}

/** The e-mail trimmed, then required and well-formed; the password required (as typed). */
export function checkSignIn(input: { email: string; password: string }): Checked<{ email: string; password: string }> {
  const email = input.email.trim();
  const errors: Checked<{ email: string; password: string }>['errors'] = {};
  if (!email) errors.email = EMAIL_REQUIRED;
  else if (!EMAIL_PATTERN.test(email)) errors.email = EMAIL_INVALID;
  if (!input.password) errors.password = PASSWORD_REQUIRED;
  return { values: { email, password: input.password }, errors };
}

/** A six-digit code or a recovery code, trimmed. */
export function checkTwoFactorCode(input: { code: string }): Checked<{ code: string }> {
  const code = input.code.trim();
  if (!code) return { values: { code }, errors: { code: CODE_REQUIRED } };
  if (code.length > CODE_MAX_LENGTH) return { values: { code }, errors: { code: CODE_INVALID } };
  return { values: { code }, errors: {} };
}
