import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  addTeamMemberSchema,
  memberTypesSchema,
  teamMemberSchema,
  updateTeamMemberSchema,
} from '../../../shared/schemas/team';
import { serialIdField } from '../../../shared/schemas/fields';
import { envelope, ok, staffFailures } from '../../lib/envelope';
import { addMember, assignableTypes, deleteMember, getMember, listMembers, updateMember } from './team.service';

const memberId = serialIdField('Team member id');

export async function teamRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const common = { tags: ['team'], security: [{ bearer: [] }] };

  app.get(
    '/admin/get-team-member-list',
    {
      schema: {
        ...common,
        summary: 'Team Member List',
        response: { 200: envelope(z.array(teamMemberSchema)), ...staffFailures },
      },
    },
    async (request) => ok(await listMembers(app.db, request.staff)),
  );

  app.get(
    '/admin/get-team-member-type',
    {
      schema: {
        ...common,
        summary: 'Member types the caller may assign',
        response: { 200: envelope(memberTypesSchema), ...staffFailures },
      },
    },
    async (request) => ok(assignableTypes(request.staff)),
  );

  app.get(
    '/admin/team-member-info/:id',
    {
      schema: {
        ...common,
        summary: 'One team member',
        params: z.object({ id: memberId }),
        response: { 200: envelope(teamMemberSchema), ...staffFailures },
      },
    },
    async (request) => ok(await getMember(app.db, request.staff, request.params.id)),
  );

  app.post(
    '/admin/add-team-member',
    {
      schema: {
        ...common,
        summary: 'Adds a team member',
        body: addTeamMemberSchema,
        response: { 200: envelope(teamMemberSchema), ...staffFailures },
      },
    },
    async (request) => ok(await addMember(app.db, request.staff, request.body), 'Team member added successfully.'),
  );

  app.post(
    '/admin/update-team-member',
    {
      schema: {
        ...common,
        summary: 'Updates a team member',
        body: updateTeamMemberSchema,
        response: { 200: envelope(teamMemberSchema), ...staffFailures },
      },
    },
    async (request) => ok(await updateMember(app.db, request.staff, request.body), 'Team member updated successfully.'),
  );

  app.put(
    '/admin/delete-team-member',
    {
      schema: {
        ...common,
        summary: 'Deletes a team member',
        body: z.object({ teamMemberId: memberId }),
        response: { 200: envelope(z.null()), ...staffFailures },
      },
    },
    async (request) => {
      await deleteMember(app.db, request.staff, request.body.teamMemberId);
      return ok(null, 'Team member deleted successfully.');
    },
  );
}
