/**
 * Exports (docs/decisions/0024, 0051): a queue's filtered orders and the summary reports, CSV or XLSX; who may export
 * them and the export log (Admin; product: roles.md#exports). API clients
 * post with the bearer header and read the file; the browser opens a run, posts its one-time ticket with a form to
 * export-download (a download the browser saves as it comes), and reads the run for progress and Cancel.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  exportDownloadSchema,
  exportOrdersSchema,
  exportReportSchema,
  exportRunSchema,
  exportRunStateSchema,
} from '../../../shared/schemas/order-export';
import {
  EXPORT_MAX_ROWS,
  EXPORT_TICKET_MESSAGE,
  EXPORT_TOTAL_HEADER,
} from '../../../shared/schemas/order-export-texts';
import {
  exportLogQuerySchema,
  exportRecordSchema,
  exportSettingsBodySchema,
  exportSettingsSchema,
} from '../../../shared/schemas/export-rights';
import { GRANTABLE_EXPORT_ROLES } from '../../../shared/schemas/export-rights-texts';
import { envelope, failureSchema, ok, staffFailures } from '../../lib/envelope';
import { AppError, NotFoundError } from '../../lib/errors';
import { staffOfLiveSession, type SignedInStaff } from '../../lib/auth';
import { exportOrders, exportReport, type ExportFile } from './exports.service';
import { readExportLog } from './export-audit';
import { exportGrantEvent, exportSettings, setGrantedExportRoles } from './export-rights';
import {
  PROGRESS_MS,
  cancelRun,
  claimRun,
  endRun,
  openRun,
  readRun,
  streamingHere,
  writeProgress,
} from './export-runs';

const send = (reply: FastifyReply, file: ExportFile) =>
  reply
    .header('content-type', file.contentType)
    .header('content-disposition', `attachment; filename="${file.filename}"`)
    .header(EXPORT_TOTAL_HEADER, String(file.total))
    .header('cache-control', 'private, no-store')
    .send(file.body);

const RUN_NOT_FOUND = 'No such export.';
const runParams = z.object({ id: z.uuid({ error: RUN_NOT_FOUND }) });

export async function exportRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const common = { tags: ['exports'], security: [{ bearer: [] }] };
  const deps = () => ({
    database: app.database,
    db: app.db,
    ring: app.keyRing,
    maxRows: app.config.EXPORT_MAX_ROWS,
    log: app.log,
  });
  // The download form's fields (application/x-www-form-urlencoded), as an object for the route's schema.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) =>
    done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );

  app.post(
    '/admin/export-orders',
    {
      schema: {
        ...common,
        summary:
          "Export every order of a queue that matches the search and filters, in the queue's sort, as CSV or XLSX",
        description:
          "The body is search-order's without start/end, plus format. The file is streamed from one database " +
          `snapshot; ${EXPORT_TOTAL_HEADER} gives its row count. Admin and Manager may export, and the roles an Admin ` +
          'granted it to (export-settings), each only a folder they may read (a Telecaller cannot export Order ' +
          `History): 403 otherwise. More than EXPORT_MAX_ROWS rows (default ${EXPORT_MAX_ROWS}): 422, nothing exported. Every export ` +
          'writes its record (the export log) without the search text.',
        body: exportOrdersSchema,
        response: { 200: z.unknown().describe('The CSV or XLSX file'), ...staffFailures, 422: failureSchema },
      },
    },
    async (request, reply) => send(reply, await exportOrders(deps(), request.staff, request.body)),
  );

  app.post(
    '/admin/export-report',
    {
      schema: {
        ...common,
        summary: 'Export Country Order List or Order Processed as the screen filters it, as CSV or XLSX',
        description:
          "fromDate/toDate as the report (UTC days, either may be empty); search: the screen's search on the " +
          'name column (case-insensitive contains). Who may export a queue may export a report (403 otherwise), ' +
          "then the report's own rule applies (Order Processed: Admin, Manager). Writes its record as a queue export does.",
        body: exportReportSchema,
        response: { 200: z.unknown().describe('The CSV or XLSX file'), ...staffFailures },
      },
    },
    async (request, reply) => send(reply, await exportReport(deps(), request.staff, request.body)),
  );

  app.get(
    '/admin/export-settings',
    {
      schema: {
        ...common,
        summary: 'Who may export personal data in bulk: the roles an Admin granted it to, and every role that may now',
        description:
          'Every member may read it (the screens show Export only to a role that may); only an Admin changes it.',
        response: { 200: envelope(exportSettingsSchema), ...staffFailures },
      },
    },
    async () => ok(await exportSettings(app.db)),
  );

  app.post(
    '/admin/export-settings',
    {
      schema: {
        ...common,
        summary: 'Admin: grant exports of personal data to other roles (the whole list; empty takes every grant back)',
        description: `Admin and Manager may always export; grantedRoles names any of ${GRANTABLE_EXPORT_ROLES.join(', ')}. Recorded as a security event of the Admin.`,
        body: exportSettingsBodySchema,
        response: { 200: envelope(exportSettingsSchema), ...staffFailures },
      },
    },
    async (request) => {
      const settings = await setGrantedExportRoles(app.db, request.staff, request.body.grantedRoles);
      request.log.info({ staffId: request.staff.id, grantedRoles: settings.grantedRoles }, 'export grant changed');
      return ok(settings, `${exportGrantEvent(settings.grantedRoles)}.`);
    },
  );

  app.get(
    '/admin/export-log',
    {
      schema: {
        ...common,
        summary: 'Admin: every export, newest first: who, when, which folder or report and filters, how many rows',
        description:
          "A search is recorded as used or not, never its text; the filters are the queue's filter values, sort and " +
          "month, or a report's date range. Records are kept a year.",
        querystring: exportLogQuerySchema,
        response: { 200: envelope(z.array(exportRecordSchema)).extend({ totalRecords: z.number() }), ...staffFailures },
      },
    },
    async (request) => {
      const { records, totalRecords } = await readExportLog(app.db, request.staff, request.query);
      return { ...ok(records), totalRecords };
    },
  );

  app.post(
    '/admin/export-runs',
    {
      schema: {
        ...common,
        summary: 'Open an export the browser saves itself: its id and a one-time download ticket',
        description:
          'The ticket is good once, for two minutes, posted by a form to export-download with the export ' +
          "(kind and body); the run's id reads its progress and cancels it.",
        response: { 200: envelope(exportRunSchema), ...staffFailures },
      },
    },
    async (request) => ok(await openRun(app.db, request.staff)),
  );

  app.get(
    '/admin/export-runs/:id',
    {
      schema: {
        ...common,
        // The derived id drops the path's {id} and would repeat POST /admin/export-runs' own.
        operationId: 'exportRun',
        summary: "An export's state: rows written so far of the total, done, refused (with the reason), cancelled",
        params: runParams,
        response: { 200: envelope(exportRunStateSchema), ...staffFailures },
      },
    },
    async (request) => {
      const run = await readRun(app.db, request.staff.id, request.params.id);
      if (!run) throw new NotFoundError(RUN_NOT_FOUND);
      return ok(run);
    },
  );

  app.post(
    '/admin/export-runs/:id/cancel',
    {
      schema: {
        ...common,
        summary: 'Cancel an export: its query stops on the server and its download ends',
        params: runParams,
        response: { 200: envelope(z.null()), ...staffFailures },
      },
    },
    async (request) => {
      if (!(await cancelRun(app.db, request.staff.id, request.params.id))) throw new NotFoundError(RUN_NOT_FOUND);
      return ok(null, 'Export cancelled.');
    },
  );

  app.post(
    '/admin/export-download',
    {
      schema: {
        tags: ['exports'],
        summary: "The file of an export run, saved by the browser (a form's post with the run's ticket)",
        description:
          "Fields: ticket (export-runs' answer), kind (orders or report) and request (the body export-orders or " +
          'export-report takes, as JSON). The same rules and the same file as those routes; a refusal is also ' +
          'written on the run, where the page reads it. A used or expired ticket: 401.',
        body: exportDownloadSchema,
        response: { 200: z.unknown().describe('The CSV or XLSX file'), ...staffFailures, 422: failureSchema },
      },
    },
    async (request, reply) => {
      const run = await claimRun(app.db, request.body.ticket);
      const staff: SignedInStaff | null = run ? await staffOfLiveSession(app.db, run.session_id) : null;
      if (!run || !staff || staff.id !== run.staff_id) {
        if (run) await endRun(app.db, run.id, 'refused', { message: EXPORT_TICKET_MESSAGE });
        throw new AppError(401, EXPORT_TICKET_MESSAGE);
      }
      let file: ExportFile;
      try {
        file = await exportFor(request.body.kind, request.body.request, staff);
      } catch (error) {
        const message = error instanceof AppError ? error.message : 'The export failed. Please try again.';
        await endRun(app.db, run.id, 'refused', { message });
        throw error;
      }
      follow(run.id, file);
      return send(reply, file);
    },
  );

  async function exportFor(kind: 'orders' | 'report', json: string, staff: SignedInStaff): Promise<ExportFile> {
    let body: unknown;
    try {
      body = JSON.parse(json);
    } catch {
      throw new AppError(400, 'The export request is not valid JSON.');
    }
    const schema = kind === 'orders' ? exportOrdersSchema : exportReportSchema;
    const parsed = schema.safeParse(body);
    if (!parsed.success) throw new AppError(400, parsed.error.issues[0]?.message ?? 'The export request is not valid.');
    return kind === 'orders'
      ? exportOrders(deps(), staff, parsed.data as z.output<typeof exportOrdersSchema>)
      : exportReport(deps(), staff, parsed.data as z.output<typeof exportReportSchema>);
  }

  /** Writes a streaming run's progress, stops it on Cancel, and writes how it ended. */
  function follow(id: string, file: ExportFile) {
    let ended = false;
    let cancelled = false;
    const stop = () => {
      cancelled = true;
      file.body.destroy();
    };
    streamingHere.set(id, stop);
    const tick = setInterval(() => {
      writeProgress(app.db, id, file.rows(), file.total)
        .then((cancel) => {
          if (cancel && !ended) stop();
        })
        .catch(() => app.log.warn({ run: id }, 'export progress not written'));
    }, PROGRESS_MS);
    tick.unref();
    void writeProgress(app.db, id, 0, file.total).catch(() => undefined);
    file.body.once('end', () => {
      ended = true;
    });
    file.body.once('close', () => {
      clearInterval(tick);
      streamingHere.delete(id);
      const state = ended ? 'done' : cancelled ? 'cancelled' : 'failed';
      endRun(app.db, id, state, { rows: file.rows() }).catch(() => app.log.warn({ run: id }, 'export run not ended'));
    });
  }
}
