import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  codeNeededSchema,
  loginSchema,
  sessionsEndedSchema,
  signedInMemberSchema,
  staffMemberSchema,
  verifyOtpSchema,
} from '../../../shared/schemas/auth';
import { changePasswordSchema } from '../../../shared/schemas/auth-forms';
import { envelope, failureSchema, ok, staffFailures } from '../../lib/envelope';
import { changePassword, login, verifyOtp, type AuthDeps, type SignInResult } from './auth.service';
import { endSession, signOutEverywhere } from './sessions.service';

const signedInSchema = envelope(signedInMemberSchema).extend({
  jwtToken: z.string(),
  deviceToken: z.string(),
});
const codeNeededAnswerSchema = z.object({
  status: z.literal(2),
  message: z.string(),
  data: codeNeededSchema,
});
const signInFailures = { 400: failureSchema, 401: failureSchema, 429: failureSchema };

export function authDeps(app: FastifyInstance): AuthDeps {
  return {
    db: app.db,
    jwt: app.jwt,
    box: app.secretBox,
    issuer: app.config.APP_NAME,
    sessionLength: app.config.JWT_EXPIRES_IN,
  };
}

const signedIn = (result: SignInResult & { kind: 'signed-in' }) => ({
  status: 1 as const,
  message: 'Login successful',
  jwtToken: result.jwtToken,
  deviceToken: result.deviceToken,
  data: { ...result.member, twoFactorSetupRequired: result.twoFactorSetupRequired },
});

export async function authRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/admin/admin-login',
    {
      schema: {
        tags: ['auth'],
        summary: 'Staff sign-in: a token, or (two-factor on) status 2 and a one-time token for verify-otp',
        body: loginSchema,
        response: { 200: z.union([signedInSchema, codeNeededAnswerSchema]), ...signInFailures },
      },
    },
    async (request) => {
      const result = await login(authDeps(app), request.body, {
        ip: request.ip,
        userAgent: request.headers['user-agent'],
      });
      if (result.kind === 'code-needed') {
        request.log.info({ staffId: result.memberId }, 'staff password accepted, second factor asked');
        return {
          status: 2 as const,
          message: 'Enter the code from your authenticator app.',
          data: { otpToken: result.otpToken },
        };
      }
      request.log.info({ staffId: result.member.id }, 'staff signed in');
      return signedIn(result);
    },
  );

  app.post(
    '/admin/verify-otp',
    {
      schema: {
        tags: ['auth'],
        summary: 'The second step of sign-in: the one-time token and a TOTP or recovery code',
        body: verifyOtpSchema,
        response: { 200: signedInSchema, ...signInFailures },
      },
    },
    async (request) => {
      const result = await verifyOtp(authDeps(app), request.body, {
        ip: request.ip,
        userAgent: request.headers['user-agent'],
      });
      request.log.info({ staffId: result.member.id }, 'staff signed in with a second factor');
      return signedIn(result);
    },
  );

  app.get(
    '/user_info',
    {
      schema: {
        tags: ['auth'],
        summary: 'The signed-in staff member',
        security: [{ bearer: [] }],
        response: { 200: envelope(staffMemberSchema), ...staffFailures },
      },
    },
    async (request) => {
      const { id, name, email, type } = request.staff;
      return ok({ id, name, email, type });
    },
  );

  app.post(
    '/admin/logout',
    {
      schema: {
        tags: ['auth'],
        summary: 'Ends the session of the token it is called with',
        security: [{ bearer: [] }],
        response: { 200: envelope(z.null()), ...staffFailures },
      },
    },
    async (request) => {
      await endSession(app.db, request.staff.sessionId, 'logout');
      return ok(null, 'You have been signed out.');
    },
  );

  app.post(
    '/admin/logout-everywhere',
    {
      schema: {
        tags: ['auth'],
        summary: 'Ends every session of the signed-in member, this one included',
        security: [{ bearer: [] }],
        response: { 200: envelope(sessionsEndedSchema), ...staffFailures },
      },
    },
    async (request) => {
      const ended = await signOutEverywhere(app.db, request.staff);
      return ok({ ended }, 'You have been signed out everywhere.');
    },
  );

  app.post(
    '/admin/change-password',
    {
      schema: {
        tags: ['auth'],
        summary: "Change the signed-in member's password (ends every session of that member)",
        security: [{ bearer: [] }],
        body: changePasswordSchema,
        response: { 200: envelope(z.null()), ...staffFailures },
      },
    },
    async (request) => {
      await changePassword(app.db, request.staff, request.body.newPassword);
      return ok(null, 'Password changed successfully. Please sign in again.');
    },
  );
}
