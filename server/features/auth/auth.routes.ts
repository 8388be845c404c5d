import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { changePasswordSchema, loginSchema } from '../../../shared/schemas/auth';
import { envelope, failureSchema, ok, staffFailures } from '../../lib/envelope';
import { staffOnly } from '../../lib/auth';
import { changePassword, login } from './auth.service';

const staffSchema = z.object({ id: z.number(), name: z.string(), email: z.string(), type: z.string() });

export async function authRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const auth = staffOnly(() => app.db);

  app.post('/admin/admin-login', {
    schema: {
      tags: ['auth'],
      summary: 'Staff sign-in',
      body: loginSchema,
      response: {
        200: envelope(staffSchema).extend({ jwtToken: z.string() }),
        400: failureSchema, 401: failureSchema, 429: failureSchema,
      },
    },
  }, async (request) => {
    const { payload, member } = await login(app.db, request.body, request.ip);
    const jwtToken = app.jwt.sign(payload);
    request.log.info({ staffId: member.id }, 'staff signed in');
    return { status: 1 as const, message: 'Login successful', jwtToken, data: member };
  });

  app.get('/user_info', {
    preHandler: auth,
    schema: { tags: ['auth'], summary: 'The signed-in staff member', security: [{ bearer: [] }], response: { 200: envelope(staffSchema), ...staffFailures } },
  }, async (request) => ok(request.staff));

  app.post('/admin/change-password', {
    preHandler: auth,
    schema: {
      tags: ['auth'], summary: 'Change the signed-in member\'s password (ends every session of that member)',
      security: [{ bearer: [] }], body: changePasswordSchema, response: { 200: envelope(z.null()), ...staffFailures },
    },
  }, async (request) => {
    await changePassword(app.db, request.staff, request.body.newPassword);
    return ok(null, 'Password changed successfully. Please sign in again.');
  });
}
