/**
 * What each screen's route loads before the screen shows (router.tsx; the queues' own loader is
 * features/queues/queue-loader.ts): the screen's queries, through the query options the screen reads, for the address
 * being opened. A screen whose data depends on the member's role names the permission its page requires.
 */
import type { QueryClient } from '@tanstack/react-query';
import type { LoaderFunctionArgs } from 'react-router';
import { decodeOrderId } from '../../../shared/ids';
import { loadQueries } from '../lib/load-queries';
import { emailHistoryQuery } from '../features/documents/api/get-email-history';
import { mailOutboxQuery, outboxRequest } from '../features/documents/api/get-mail-outbox';
import { orderDetailQuery } from '../features/order-detail/api/get-order-detail';
import { countryOrderCountQuery, processedByCountQuery } from '../features/reports/api/get-report';
import { processLogsQuery } from '../features/reports/api/get-process-logs';
import { processingLogsQuery, processingLogsRequest } from '../features/reports/api/get-processing-logs';
import { parseReportParams } from '../features/reports/use-report-params';
import { mySessionsQuery, twoFactorQuery } from '../features/security/api/security';
import { gatewaysQuery } from '../features/settings/api/gateways';
import { teamListQuery, teamMemberQuery } from '../features/team/api/team-queries';

type Loader = (args: LoaderFunctionArgs) => Promise<null>;

const searchOf = (request: Request) => new URL(request.url).searchParams;

/** The order page: the order and its mails, together. An address that names no order loads nothing (the page says so). */
export const orderDetailLoader =
  (queryClient: QueryClient): Loader =>
  async ({ params }) => {
    const orderId = params.orderId ? decodeOrderId(params.orderId) : null;
    if (orderId !== null) await loadQueries(queryClient, [orderDetailQuery(orderId), emailHistoryQuery(orderId)]);
    return null;
  };

/** Manage Team: the list, and the member being edited (`manage-team/:memberId`). */
export const manageTeamLoader =
  (queryClient: QueryClient): Loader =>
  async ({ params }) => {
    const memberId = params.memberId ? decodeOrderId(params.memberId) : null;
    await loadQueries(
      queryClient,
      [teamListQuery(), ...(memberId !== null ? [teamMemberQuery(memberId)] : [])],
      'team:manage',
    );
    return null;
  };

export const gatewaySettingLoader =
  (queryClient: QueryClient): Loader =>
  async () => {
    await loadQueries(queryClient, [gatewaysQuery()], 'gateway:manage');
    return null;
  };

export const securityLoader =
  (queryClient: QueryClient): Loader =>
  async () => {
    await loadQueries(queryClient, [twoFactorQuery(), mySessionsQuery()]);
    return null;
  };

export const mailOutboxLoader =
  (queryClient: QueryClient): Loader =>
  async ({ request }) => {
    await loadQueries(queryClient, [mailOutboxQuery(outboxRequest(searchOf(request)))], 'mail:outbox');
    return null;
  };

export const countryOrderListLoader =
  (queryClient: QueryClient): Loader =>
  async ({ request }) => {
    const { fromDate, toDate } = parseReportParams(searchOf(request));
    await loadQueries(queryClient, [countryOrderCountQuery({ fromDate, toDate })]);
    return null;
  };

export const processedOrderLoader =
  (queryClient: QueryClient): Loader =>
  async ({ request }) => {
    const { fromDate, toDate } = parseReportParams(searchOf(request));
    await loadQueries(queryClient, [processedByCountQuery({ fromDate, toDate })], 'reports:processed');
    return null;
  };

export const processingLogsLoader =
  (queryClient: QueryClient): Loader =>
  async ({ request }) => {
    const page = processingLogsRequest(parseReportParams(searchOf(request)));
    await loadQueries(queryClient, [processingLogsQuery(page)], 'reports:processed');
    return null;
  };

/** One order's process logs (`view-process-logs/:orderId`), asked for by its id as the page does. */
export const processLogsLoader =
  (queryClient: QueryClient): Loader =>
  async ({ params }) => {
    const encoded = params.orderId ?? '';
    const orderId = decodeOrderId(encoded);
    await loadQueries(queryClient, [processLogsQuery(String(orderId ?? encoded))], 'reports:processed');
    return null;
  };
