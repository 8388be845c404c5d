/** The sign-in page checks its fields without zod: it must say exactly what the server's schemas say. */
import { describe, expect, it } from 'vitest';
import { loginSchema } from './auth';
import { twoFactorCodeSchema } from './auth-forms';
import { checkSignIn, checkTwoFactorCode } from './sign-in-texts';

const zodErrors = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) => {
  const errors: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) errors[String(issue.path[0])] ??= issue.message;
  return errors;
};

describe('sign-in checks agree with the server schemas', () => {
  const logins = [
    { email: '', password: '' },
    { email: '   ', password: 'x' },
    { email: 'not-an-email', password: '' },
    { email: 'a@b', password: 'secret' },
    { email: '.a@example.com', password: 'secret' },
    { email: 'a..b@example.com', password: 'secret' },
    { email: "o'neil+tag@mail.example.co", password: 'secret' },
    { email: '  someone@example.com  ', password: ' ' },
    { email: 'someone@example.c', password: 'secret' },
  ];
  it.each(logins)('login %o', (input) => {
    const page = checkSignIn(input);
    const server = loginSchema.safeParse(input);
    expect(page.errors).toEqual(zodErrors(server));
    if (server.success) expect(page.values).toEqual({ email: server.data.email, password: server.data.password });
  });

  it('says the spec messages', () => {
    expect(checkSignIn({ email: '', password: '' }).errors).toEqual({
      email: 'Email Address is required',
      password: 'Password is required',
    });
    expect(checkSignIn({ email: 'nope', password: 'x' }).errors).toEqual({ email: 'Invalid email address' });
  });

  it.each(['', '   ', '123456', ' 123456 ', 'abcde-fghij', 'x'.repeat(33)])('code %j', (code) => {
    const page = checkTwoFactorCode({ code });
    const server = twoFactorCodeSchema.safeParse({ code });
    expect(page.errors).toEqual(zodErrors(server));
    if (server.success) expect(page.values).toEqual(server.data);
  });
});
