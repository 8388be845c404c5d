/** Sign-in texts both sides need, kept apart from the zod schemas so the web client can read them cheaply. */

/** The 403 a session answers while its member must first set up two-factor sign-in (the web app then goes there). */
export const TWO_FACTOR_SETUP_REQUIRED =
  'Two-factor sign-in is required for your account. Please set it up to continue.';
