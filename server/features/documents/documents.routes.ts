/**
 * Upload Document (product: orders.md#documents) and the staff
 * download of a stored document. Multipart is parsed here, inside this
 * plugin only; the file's type is decided by its bytes in the service.
 */
import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { uploadDocumentFieldsSchema, uploadDocumentResultSchema } from '../../../shared/schemas/mail';
import { serialIdField } from '../../../shared/schemas/fields';
import { envelope, failureSchema, ok, staffFailures } from '../../lib/envelope';
import { AppError, BadRequestError } from '../../lib/errors';
import { storageFor } from '../../lib/storage';
import { getDocumentForStaff, uploadDocument } from './documents.service';

export const FILE_REQUIRED = 'File is required';
export const UNREADABLE_FORM =
  'The form could not be read: it was cut off or is not valid multipart/form-data. Please send it again.';

export function tooLargeMessage(maxBytes: number): string {
  const mb = maxBytes / (1024 * 1024);
  return `The file is too large. The limit is ${Number.isInteger(mb) ? mb : mb.toFixed(1)} MB.`;
}

/** Reads the multipart form: text fields and the one `uploadVisaDoc` file (size-limited while streaming). */
async function readUploadForm(request: FastifyRequest, maxBytes: number) {
  const fields: Record<string, string> = {};
  let file: { bytes: Buffer; filename: string } | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        const bytes = await part.toBuffer(); // throws 413 past the limit
        if (part.fieldname === 'uploadVisaDoc' && !file && (bytes.length > 0 || part.filename)) {
          file = { bytes, filename: part.filename };
        }
      } else {
        fields[part.fieldname] = String(part.value ?? '');
      }
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE')
      throw new AppError(413, tooLargeMessage(maxBytes), { uploadVisaDoc: tooLargeMessage(maxBytes) });
    if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE')
      throw new BadRequestError('Please send the form as multipart/form-data.');
    if (
      code === 'FST_FILES_LIMIT_REACHED' ||
      code === 'FST_PARTS_LIMIT_REACHED' ||
      code === 'FST_FIELDS_LIMIT_REACHED'
    ) {
      throw new BadRequestError('Please send one file with the form.');
    }
    if (error instanceof AppError) throw error;
    // Anything else the parser throws is about the bytes the client sent (no boundary, a body cut short, a broken
    // part header): nothing has been stored yet, so it is the client's 400, not our 500.
    throw new BadRequestError(UNREADABLE_FORM);
  }
  return { fields, file };
}

export async function documentRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const maxBytes = app.config.UPLOAD_MAX_BYTES;
  await app.register(fastifyMultipart, {
    limits: { fileSize: maxBytes, files: 1, fields: 10, fieldSize: 2000, parts: 12 },
  });
  const storage = storageFor(app.config);
  const common = { tags: ['documents'], security: [{ bearer: [] }] };

  app.post(
    '/admin/upload-visa-document',
    {
      schema: {
        ...common,
        summary: 'Upload the finished document and mail it to the customer',
        description:
          'multipart/form-data: orderId, email, mailServiceProvider (ses|smtp), uploadVisaDoc (PDF, PNG, JPEG or WebP; checked by content).',
        consumes: ['multipart/form-data'],
        response: {
          200: envelope(uploadDocumentResultSchema),
          413: failureSchema,
          ...staffFailures,
        },
      },
    },
    async (request) => {
      const { fields, file } = await readUploadForm(request, maxBytes);
      const parsed = uploadDocumentFieldsSchema.safeParse(fields);
      const errors: Record<string, string> = {};
      if (!parsed.success) {
        for (const issue of parsed.error.issues) errors[String(issue.path[0] ?? '_')] ??= issue.message;
      }
      if (!file) errors.uploadVisaDoc = FILE_REQUIRED;
      if (!parsed.success || !file) throw new BadRequestError(Object.values(errors)[0]!, errors);
      const result = await uploadDocument({ db: app.db, config: app.config, storage }, request.staff, {
        ...parsed.data,
        file,
      });
      return ok(result, `Document uploaded. The mail to ${parsed.data.email} has been queued.`);
    },
  );

  app.get(
    '/admin/download-document/:docId',
    {
      schema: {
        ...common,
        summary: 'Download a stored document (staff token required)',
        params: z.object({ docId: serialIdField('Document id') }),
        response: { 200: z.unknown().describe('The file bytes'), ...staffFailures },
      },
    },
    async (request, reply) => {
      const { doc, body } = await getDocumentForStaff({ db: app.db, storage }, request.staff, request.params.docId);
      return reply
        .header('content-type', doc.content_type)
        .header('content-disposition', `attachment; filename="${doc.file1}"`)
        .header('cache-control', 'private, no-store')
        .send(body);
    },
  );
}
