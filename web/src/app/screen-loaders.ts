/**
 * What each screen's route loads as it opens (router.tsx): the screen's queries, through the query options the screen
 * reads, for the address being opened; before the screen shows, but for the order page, which shows at once and draws
 * its loading in place. Each loader imports its query options by their module, never through a feature's index, whose
 * components would come into the router's own chunk, which starts before the rest of the staff app (staff-app.ts). A screen whose data depends on the member's role names the permission its page requires.
 */
import type { QueryClient } from '@tanstack/react-query';
import { folderDeclaration, type Folder } from '../../../shared/folders';
import { decodeOrderId } from '../../../shared/ids';
import { queriesLoader, searchOf, startQueriesLoader } from '../lib/load-queries';
import { emailHistoryQuery } from '../features/documents/api/get-email-history';
import { orderRequestsQuery } from '../features/information-requests/api/information-requests';
import { mailOutboxQuery, outboxRequest } from '../features/documents/api/get-mail-outbox';
import { orderDetailQuery } from '../features/order-detail/api/get-order-detail';
import { disputesReportQuery, reportMonths } from '../features/disputes/api/disputes-report';
import {
  countryOrderCountQuery,
  informationRequestReportQuery,
  processedByCountQuery,
} from '../features/reports/api/get-report';
import { processLogsQuery } from '../features/reports/api/get-process-logs';
import { processingLogsQuery, processingLogsRequest } from '../features/reports/api/get-processing-logs';
import { parseReportParams } from '../features/reports/use-report-params';
import { mySessionsQuery, twoFactorQuery } from '../features/security/api/security';
import { gatewaysQuery } from '../features/settings/api/gateways';
import { exportLogQuery, exportLogRequest } from '../features/settings/api/exports';
import { exportSettingsQuery } from '../components/export/export-rights';
import { teamListQuery, teamMemberQuery } from '../features/team/api/team-queries';
import { DISPUTES_REPORT_PERMISSION } from '../../../shared/roles';
import { savedViewsQuery } from '../features/saved-views/saved-views-api';
import { futureOrderCountQuery } from '../features/queues/api/get-future-order-count';
import { orderPageQuery } from '../features/queues/api/get-order-page';
import { futureMonthRequest, parseQueueParams, queuePageRequest } from '../features/queues/use-queue-params';

/**
 * A queue: the page of rows its address asks for and the queue's saved views. A page, sort, search or filter is a new
 * address, so its rows are asked for by this loader as it is chosen.
 */
export const queueLoader = (queryClient: QueryClient, folder: Folder) =>
  queriesLoader(queryClient, (args) => {
    const params = parseQueueParams(searchOf(args));
    if (folderDeclaration(folder).screen !== 'future-months')
      return [orderPageQuery(folder, queuePageRequest(params)), savedViewsQuery(folder)];
    // Future Order opens on its month tiles; a month's table comes with its rows and the saved views.
    return params.month
      ? [
          futureOrderCountQuery(),
          orderPageQuery(folder, futureMonthRequest(params, params.month)),
          savedViewsQuery(folder),
        ]
      : [futureOrderCountQuery()];
  });

/** An address's order id (`:orderId`), or null when it names none. */
const orderIdOf = (encoded: string | undefined) => (encoded ? decodeOrderId(encoded) : null);

/**
 * The order page: the order, its mails and its requests to the customer, together, asked for as the page shows (its
 * heading is in place while the order loads), so the sections of its first screen draw with their data. An address
 * that names no order loads nothing (the page says so).
 */
export const orderDetailLoader = (queryClient: QueryClient) =>
  startQueriesLoader(queryClient, ({ params }) => {
    const orderId = orderIdOf(params.orderId);
    return orderId === null ? [] : [orderDetailQuery(orderId), emailHistoryQuery(orderId), orderRequestsQuery(orderId)];
  });

/** Manage Team: the list, and the member being edited (`manage-team/:memberId`). */
export const manageTeamLoader = (queryClient: QueryClient) =>
  queriesLoader(
    queryClient,
    ({ params }) => {
      const memberId = orderIdOf(params.memberId);
      return [teamListQuery(), ...(memberId !== null ? [teamMemberQuery(memberId)] : [])];
    },
    'team:manage',
  );

export const gatewaySettingLoader = (queryClient: QueryClient) =>
  queriesLoader(queryClient, () => [gatewaysQuery()], 'gateway:manage');

/** Exports: who may export, and the page of the export log the address names (?page=). */
export const exportsLoader = (queryClient: QueryClient) =>
  queriesLoader(
    queryClient,
    (args) => [exportSettingsQuery(), exportLogQuery(exportLogRequest(searchOf(args)))],
    'exports:manage',
  );

export const securityLoader = (queryClient: QueryClient) =>
  queriesLoader(queryClient, () => [twoFactorQuery(), mySessionsQuery()]);

export const mailOutboxLoader = (queryClient: QueryClient) =>
  queriesLoader(queryClient, (args) => [mailOutboxQuery(outboxRequest(searchOf(args)))], 'mail:outbox');

export const countryOrderListLoader = (queryClient: QueryClient) =>
  queriesLoader(queryClient, (args) => {
    const { fromDate, toDate } = parseReportParams(searchOf(args));
    return [countryOrderCountQuery({ fromDate, toDate })];
  });

export const processedOrderLoader = (queryClient: QueryClient) =>
  queriesLoader(
    queryClient,
    (args) => {
      const { fromDate, toDate } = parseReportParams(searchOf(args));
      return [processedByCountQuery({ fromDate, toDate })];
    },
    'reports:processed',
  );

export const informationRequestReportLoader = (queryClient: QueryClient) =>
  queriesLoader(
    queryClient,
    (args) => {
      const { fromDate, toDate } = parseReportParams(searchOf(args));
      return [informationRequestReportQuery({ fromDate, toDate })];
    },
    'reports:processed',
  );

/** The Disputes report: the months the address names, else the last six. */
export const disputesReportLoader = (queryClient: QueryClient) =>
  queriesLoader(
    queryClient,
    (args) => {
      const { from, to } = reportMonths(searchOf(args));
      return [disputesReportQuery(from, to)];
    },
    DISPUTES_REPORT_PERMISSION,
  );

export const processingLogsLoader = (queryClient: QueryClient) =>
  queriesLoader(
    queryClient,
    (args) => [processingLogsQuery(processingLogsRequest(parseReportParams(searchOf(args))))],
    'reports:processed',
  );

/** One order's process logs (`view-process-logs/:orderId`), asked for by its id as the page does. */
export const processLogsLoader = (queryClient: QueryClient) =>
  queriesLoader(
    queryClient,
    ({ params }) => [processLogsQuery(String(orderIdOf(params.orderId) ?? params.orderId ?? ''))],
    'reports:processed',
  );
