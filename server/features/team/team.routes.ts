import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { addTeamMemberSchema, teamMemberSchema, updateTeamMemberSchema } from '../../../shared/schemas/team';
import { envelope, ok, staffFailures } from '../../lib/envelope';
import { staffOnly } from '../../lib/auth';
import { addMember, assignableTypes, deleteMember, getMember, listMembers, updateMember } from './team.service';

const memberId = z.coerce.number({ error: 'Team member id must be a number.' }).int().positive('Team member id must be a number.');

export async function teamRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.addHook('preHandler', staffOnly(() => app.db));
  const common = { tags: ['team'], security: [{ bearer: [] }] };

  app.get('/admin/get-team-member-list', {
    schema: { ...common, summary: 'Team Member List', response: { 200: envelope(z.array(teamMemberSchema)), ...staffFailures } },
  }, async (request) => ok(await listMembers(app.db, request.staff)));

  app.get('/admin/get-team-member-type', {
    schema: { ...common, summary: 'Member types the caller may assign', response: { 200: envelope(z.array(z.string())), ...staffFailures } },
  }, async (request) => ok(assignableTypes(request.staff)));

  app.get('/admin/team-member-info/:id', {
    schema: { ...common, params: z.object({ id: memberId }), response: { 200: envelope(teamMemberSchema), ...staffFailures } },
  }, async (request) => ok(await getMember(app.db, request.staff, request.params.id)));

  app.post('/admin/add-team-member', {
    schema: { ...common, body: addTeamMemberSchema, response: { 200: envelope(teamMemberSchema), ...staffFailures } },
  }, async (request) => ok(await addMember(app.db, request.staff, request.body), 'Team member added successfully.'));

  app.post('/admin/update-team-member', {
    schema: { ...common, body: updateTeamMemberSchema, response: { 200: envelope(teamMemberSchema), ...staffFailures } },
  }, async (request) => ok(await updateMember(app.db, request.staff, request.body), 'Team member updated successfully.'));

  app.put('/admin/delete-team-member', {
    schema: { ...common, body: z.object({ teamMemberId: memberId }), response: { 200: envelope(z.null()), ...staffFailures } },
  }, async (request) => {
    await deleteMember(app.db, request.staff, request.body.teamMemberId);
    return ok(null, 'Team member deleted successfully.');
  });
}
