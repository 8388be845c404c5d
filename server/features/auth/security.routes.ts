/** Two-factor sign-in and sessions: the member's own (profile) and an Admin's view of any member. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { desc, eq } from 'drizzle-orm';
import { z } from 'zod';
import {
  endSessionSchema,
  memberSecuritySchema,
  recoveryCodesSchema,
  requireTwoFactorSchema,
  securitySettingsSchema,
  sessionViewSchema,
  sessionsEndedSchema,
  teamMemberIdSchema,
  twoFactorSetupSchema,
  twoFactorStatusSchema,
} from '../../../shared/schemas/auth';
import { twoFactorCodeSchema } from '../../../shared/schemas/auth-forms';
import { staffSecurityEvents, teamMembers } from '../../db/schema';
import { envelope, ok, staffFailures } from '../../lib/envelope';
import { requirePermission } from '../../lib/auth';
import { NotFoundError } from '../../lib/errors';
import { endOneSession, liveSessions, signOutEverywhere } from './sessions.service';
import {
  beginSetup,
  disableTwoFactor,
  enableTwoFactor,
  isTwoFactorRequired,
  resetTwoFactor,
  setTwoFactorRequired,
  twoFactorStatus,
  type TwoFactorDeps,
} from './two-factor.service';

const security = [{ bearer: [] }];
const tags = ['security'];

export async function securityRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const deps = (): TwoFactorDeps => ({ db: app.db, box: app.secretBox, issuer: app.config.APP_NAME });

  app.get(
    '/admin/two-factor',
    {
      schema: {
        tags,
        security,
        summary: "The signed-in member's two-factor sign-in: on or off, required, recovery codes left",
        response: { 200: envelope(twoFactorStatusSchema), ...staffFailures },
      },
    },
    async (request) => ok(await twoFactorStatus(app.db, request.staff.id)),
  );

  app.post(
    '/admin/two-factor/setup',
    {
      schema: {
        tags,
        security,
        summary: 'Starts set-up: a new secret as text, its otpauth:// URL and a QR code (PNG data URL)',
        response: {
          200: envelope(twoFactorSetupSchema),
          ...staffFailures,
        },
      },
    },
    async (request) => ok(await beginSetup(deps(), request.staff)),
  );

  app.post(
    '/admin/two-factor/enable',
    {
      schema: {
        tags,
        security,
        summary: 'Confirms set-up with a first code; answers the recovery codes, shown this once',
        body: twoFactorCodeSchema,
        response: { 200: envelope(recoveryCodesSchema), ...staffFailures },
      },
    },
    async (request) => {
      const recoveryCodes = await enableTwoFactor(deps(), request.staff, request.body.code);
      request.log.info({ staffId: request.staff.id }, 'two-factor sign-in turned on');
      return ok({ recoveryCodes }, 'Two-factor sign-in is on.');
    },
  );

  app.post(
    '/admin/two-factor/disable',
    {
      schema: {
        tags,
        security,
        summary: "Turns the member's own second factor off (a current code; refused while required)",
        body: twoFactorCodeSchema,
        response: { 200: envelope(z.null()), ...staffFailures },
      },
    },
    async (request) => {
      await disableTwoFactor(deps(), request.staff, request.body.code);
      request.log.info({ staffId: request.staff.id }, 'two-factor sign-in turned off');
      return ok(null, 'Two-factor sign-in is off.');
    },
  );

  app.get(
    '/admin/sessions',
    {
      schema: {
        tags,
        security,
        summary: "The signed-in member's live sessions",
        response: { 200: envelope(z.array(sessionViewSchema)), ...staffFailures },
      },
    },
    async (request) => ok(await liveSessions(app.db, request.staff.id, request.staff.sessionId)),
  );

  app.post(
    '/admin/end-session',
    {
      schema: {
        tags,
        security,
        summary: "Ends one session: one of the member's own, or (Admin) anyone's",
        body: endSessionSchema,
        response: { 200: envelope(z.null()), ...staffFailures },
      },
    },
    async (request) => {
      await endOneSession(app.db, request.staff, request.body.sessionId);
      return ok(null, 'The session has ended.');
    },
  );

  // ---------------------------------------------------------------- Admin

  app.get(
    '/admin/security-settings',
    {
      schema: {
        tags,
        security,
        summary: 'Admin: whether two-factor sign-in is required for every member',
        response: { 200: envelope(securitySettingsSchema), ...staffFailures },
      },
    },
    async (request) => {
      requirePermission(request.staff, 'team:security');
      return ok({ requireTwoFactor: await isTwoFactorRequired(app.db) });
    },
  );

  app.post(
    '/admin/security-settings',
    {
      schema: {
        tags,
        security,
        summary: 'Admin: require two-factor sign-in for every member (or stop)',
        body: requireTwoFactorSchema,
        response: { 200: envelope(securitySettingsSchema), ...staffFailures },
      },
    },
    async (request) => {
      await setTwoFactorRequired(app.db, request.staff, request.body.required);
      request.log.info(
        { staffId: request.staff.id, required: request.body.required },
        'two-factor requirement changed',
      );
      return ok(
        { requireTwoFactor: request.body.required },
        request.body.required
          ? 'Two-factor sign-in is now required for every member.'
          : 'Two-factor sign-in is no longer required.',
      );
    },
  );

  app.get(
    '/admin/team-member-security/:teamMemberId',
    {
      schema: {
        tags,
        security,
        summary: "Admin: a member's second factor, live sessions and security events",
        params: teamMemberIdSchema,
        response: {
          200: envelope(memberSecuritySchema),
          ...staffFailures,
        },
      },
    },
    async (request) => {
      requirePermission(request.staff, 'team:security');
      const id = request.params.teamMemberId;
      const [member] = await app.db.select({ id: teamMembers.id }).from(teamMembers).where(eq(teamMembers.id, id));
      if (!member) throw new NotFoundError('Team member not found.');
      const events = await app.db
        .select()
        .from(staffSecurityEvents)
        .where(eq(staffSecurityEvents.memberId, id))
        .orderBy(desc(staffSecurityEvents.createdAt), desc(staffSecurityEvents.id))
        .limit(50);
      return ok({
        twoFactor: await twoFactorStatus(app.db, id),
        sessions: await liveSessions(app.db, id, request.staff.sessionId),
        events: events.map((e) => ({
          event: e.event,
          actorName: e.actorName,
          createdAt: new Date(e.createdAt).toISOString(),
        })),
      });
    },
  );

  app.post(
    '/admin/reset-two-factor',
    {
      schema: {
        tags,
        security,
        summary: "Admin: resets a member's second factor (and ends their sessions)",
        body: teamMemberIdSchema,
        response: { 200: envelope(z.null()), ...staffFailures },
      },
    },
    async (request) => {
      await resetTwoFactor(app.db, request.staff, request.body.teamMemberId);
      request.log.warn(
        { staffId: request.staff.id, memberId: request.body.teamMemberId },
        'two-factor sign-in reset by an Admin',
      );
      return ok(null, 'Two-factor sign-in has been reset.');
    },
  );

  app.post(
    '/admin/end-member-sessions',
    {
      schema: {
        tags,
        security,
        summary: 'Admin: ends every session of a member',
        body: teamMemberIdSchema,
        response: { 200: envelope(sessionsEndedSchema), ...staffFailures },
      },
    },
    async (request) => {
      const ended = await signOutEverywhere(app.db, request.staff, request.body.teamMemberId);
      request.log.info(
        { staffId: request.staff.id, memberId: request.body.teamMemberId, ended },
        'sessions ended by an Admin',
      );
      return ok({ ended }, `${ended} session${ended === 1 ? '' : 's'} ended.`);
    },
  );
}
