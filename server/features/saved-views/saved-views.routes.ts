import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { serialIdField } from '../../../shared/schemas/fields';
import {
  createSavedViewSchema,
  savedViewListQuerySchema,
  savedViewSchema,
  updateSavedViewSchema,
} from '../../../shared/schemas/saved-views';
import { envelope, ok, staffFailures } from '../../lib/envelope';
import { createView, deleteView, listViews, updateView } from './saved-views.service';

const params = z.object({ id: serialIdField('View id') });

export async function savedViewRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const common = { tags: ['saved views'], security: [{ bearer: [] }] };

  app.get(
    '/admin/saved-views',
    {
      schema: {
        ...common,
        summary: "Saved views of one queue: the member's own, then the shared ones",
        querystring: savedViewListQuerySchema,
        response: { 200: envelope(z.array(savedViewSchema)), ...staffFailures },
      },
    },
    async (request) => ok(await listViews(app.db, request.staff, request.query.folder)),
  );

  app.post(
    '/admin/saved-views',
    {
      schema: {
        ...common,
        summary: 'Saves a queue view (folder, filters, sort, page size) under a name',
        body: createSavedViewSchema,
        response: { 200: envelope(savedViewSchema), ...staffFailures },
      },
    },
    async (request) => ok(await createView(app.db, request.staff, request.body), 'View saved.'),
  );

  app.put(
    '/admin/saved-views/:id',
    {
      schema: {
        ...common,
        summary: "Renames or changes one's own view; an Admin or Manager shares or unshares it",
        params,
        body: updateSavedViewSchema,
        response: { 200: envelope(savedViewSchema), ...staffFailures },
      },
    },
    async (request) => ok(await updateView(app.db, request.staff, request.params.id, request.body), 'View updated.'),
  );

  app.delete(
    '/admin/saved-views/:id',
    {
      schema: {
        ...common,
        summary: "Deletes one's own view (an Admin or Manager also a shared one)",
        params,
        response: { 200: envelope(z.null()), ...staffFailures },
      },
    },
    async (request) => {
      await deleteView(app.db, request.staff, request.params.id);
      return ok(null, 'View deleted.');
    },
  );
}
