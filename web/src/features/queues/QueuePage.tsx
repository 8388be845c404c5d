/**
 * Every queue screen (product: folders.md#queue-screens): title, Refresh, the
 * actions the role may use in this queue (product: roles.md#queue-actions; the server enforces the
 * same rules), a server-side search over the whole folder (debounced 500 ms),
 * rows per page, the table and the pager. Paging state lives in the URL.
 */
import { Suspense, useCallback, useMemo, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useLocation, useMatches, useNavigation } from 'react-router';
import { useNavigateAsTransition } from '../../lib/link-click-as-transition';
import { Button, Form } from 'react-bootstrap';
import { folderDeclaration, type Folder } from '../../../../shared/folders';
import { can } from '../../../../shared/roles';
import type { OrderListRow } from '../../../../shared/schemas/order-list';
import { PAGE_SIZE_OPTIONS } from '../../../../shared/schemas/order-list-texts';
import { CUSTOMER_REPLIED } from '../../../../shared/schemas/information-request-texts';
import { errorMessage } from '../../lib/api';
import { useAuth } from '../../lib/auth-context';
import { paths } from '../../lib/paths';
import { SearchBox } from '../../components/SearchBox';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { PageHeader } from '../../components/PageHeader';
import { Pagination } from '../../components/Pagination';
import { pageRowRange, showingEntries } from '../../components/shown-entries';
import { useOrderPage } from './api/get-order-page';
import { groupedCount } from '../../../../shared/grouped-count';
import { estimatedCount } from './format';
import { useQueueActions, useRowSelection, type QueueAction } from './use-queue-actions';
import { QueueTable } from './QueueTable';
import { useLiveQueue } from '../live';
import { useRepliedMarks } from '../information-requests';
import { ChargeBackDisputes } from '../disputes';
import { queuePageRequest, useCountingExactly, useQueueParams, type LimitChoice } from './use-queue-params';
import { KeyboardHelp } from '../../components/KeyboardHelp';
import { queueKeyHelp, useQueueKeys } from './keyboard/use-queue-keys';
import { useRowUrgency } from './urgency/row-urgency';
import { useWorkNext, WorkNextButton } from './WorkNextButton';
import { QueueExport } from './QueueExport';
import { WORK_NEXT_FOLDERS } from '../../../../shared/schemas/work-next-texts';
import type { OrderSort } from '../../../../shared/schemas/queue-filters';
import { BulkToolbar } from './bulk/BulkToolbar';
import { QueueFilterBar } from './filters/QueueFilterBar';
import { SavedViewsBar, SaveViewButton } from '../saved-views';
import './queues.css';
import { refreshOrdersAndCounts } from '../../lib/refresh-orders';

/** Past this many rows the table scrolls inside the window's height (queues.css): more loading rows would hold nothing. */
const MAX_PLACEHOLDER_ROWS = 20;

/**
 * Every queue route shows this one screen (app/router.tsx), its folder in the route's `handle`: from one queue to
 * another React keeps the screen and redraws what differs; QueuePage resets what belongs to one queue when the folder
 * changes (its search box, selection, dialogs, keyboard focus, filter draft, bulk outcome, export).
 */
export function QueueRoute() {
  const folder = (useMatches().at(-1)?.handle as { folder?: Folder } | undefined)?.folder;
  if (!folder) throw new Error('A queue route without its folder');
  return <QueuePage folder={folder} title={folderDeclaration(folder).title} />;
}

export function QueuePage({ folder, title }: { folder: Folder; title: string }) {
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const { params, update, setFilters } = useQueueParams();
  const filterKey = JSON.stringify(params.filters);
  const request = queuePageRequest(params);
  const { limit } = request;
  // The route's loader has asked for this page already (app/screen-loaders.ts): here it is read from the cache.
  const page = useOrderPage(folder, request);
  const { data } = page;
  // Rows as the live queue shows them: new arrivals held back until asked for (features/live).
  const repliedOf = useRepliedMarks();
  // An order back in its queue because its customer replied is announced so, apart from new orders.
  const cameBackWhy = useCallback((orderId: number) => (repliedOf(orderId) ? CUSTOMER_REPLIED : null), [repliedOf]);
  const live = useLiveQueue(folder, data?.rows, {
    searching: !!params.search || filterKey !== '{}',
    page: JSON.stringify(request),
    eventsThrough: data?.eventsThrough ?? null,
    cameBackWhy,
  });
  const { rows } = live;
  const total = data?.totalRecords ?? 0;
  // An estimated total (filters without a search): shown as one, counted exactly when the member asks.
  const estimated = data?.totalEstimated === true;
  const countExactly = useCallback(() => update({ total: 'exact' }, true), [update]);
  const counting = useCountingExactly();

  // The search box's text, once typing paused: to the address (replacing the entry), back to page 1. Only while the
  // member is still on this address: a link followed before the wait ended (its navigation pending, or done but not
  // yet drawn) must neither be cancelled by the search nor receive a search typed for the queue left.
  const { pathname } = useLocation();
  const navigation = useNavigation();
  const leaving = navigation.location !== undefined && navigation.location.pathname !== pathname;
  const onSearch = useCallback(
    (q: string) => {
      if (leaving || window.location.pathname !== pathname) return;
      update({ q: q.trim() ? q : undefined, page: undefined }, true);
    },
    [update, leaving, pathname],
  );

  const { selected, toggle, toggleAll, clear } = useRowSelection(
    rows,
    JSON.stringify([folder, params.page, limit, params.search, params.sort, filterKey]),
  );

  // What this queue offers and whether its rows show arrival urgency: the folder table's.
  const { actions, arrivalUrgency } = folderDeclaration(folder);
  const mayDelete = !!actions.deletePermission && can(user?.type, actions.deletePermission);
  const queueActions = useQueueActions(folder, clear);
  const { pending, busy } = queueActions;
  const ask = (kind: QueueAction) => queueActions.ask(kind, [...selected]);

  // Work next, arrival urgency and its sort, keyboard.
  const navigate = useNavigateAsTransition();
  const searchRef = useRef<HTMLInputElement>(null);
  const tableRef = useRef<HTMLDivElement>(null);
  const workNext = useWorkNext(folder);
  const urgencyOf = useRowUrgency(arrivalUrgency);
  const arrivalSort = (WORK_NEXT_FOLDERS as readonly string[]).includes(folder)
    ? {
        sorted: params.sort === 'arrival',
        onSort: () => update({ sort: params.sort === 'arrival' ? undefined : 'arrival', page: undefined }),
      }
    : undefined;
  const keys = useQueueKeys({
    view: folder,
    rowCount: rows.length,
    enabled: !pending,
    searchRef,
    tableRef,
    onOpen: (i) => {
      if (rows[i]) navigate(paths.admin.viewOrder(rows[i].order_id));
    },
    onToggle: (i) => {
      if (rows[i]) toggle(rows[i].order_id);
    },
    onAssign: actions.assign ? () => ask('assign') : undefined,
    onWorkNext: workNext?.run,
  });

  // The header's parts are memoised; their props keep their identity until what they show changes.
  const headerActions = useMemo(
    () => (
      <Button variant="outline-secondary" size="sm" onClick={() => void refreshOrdersAndCounts(queryClient)}>
        Refresh
      </Button>
    ),
    [queryClient],
  );
  const onSort = useCallback((sort: OrderSort | undefined) => update({ sort, page: undefined }), [update]);
  const me = useMemo(() => (user ? { id: user.id, name: user.name } : undefined), [user]);
  const saveView = useMemo(() => <SaveViewButton key={folder} folder={folder} />, [folder]);
  const goToPage = useCallback((p: number) => update({ page: p }), [update]);

  const pageCount = Math.max(1, Math.ceil(total / limit));
  const { firstRow, lastRow } = pageRowRange(params.page, limit, rows.length, total);
  const { ask: askAbout } = queueActions;
  const deleteRow = useCallback((row: OrderListRow) => askAbout('delete', [row.order_id]), [askAbout]);
  const onDeleteRow = mayDelete ? deleteRow : undefined;
  const packLinks = useMemo(
    () =>
      actions.defencePacks && can(user?.type, 'orders:defence-pack')
        ? (row: OrderListRow) =>
            ([1, 2] as const).map((type) => (
              <Link
                key={type}
                to={paths.admin.defencePack(row.order_id, type)}
                className="btn btn-sm btn-outline-primary"
              >
                Pack {type}
              </Link>
            ))
        : undefined,
    [actions.defencePacks, user?.type],
  );

  return (
    <>
      <PageHeader title={title} actions={headerActions} />
      {/* Keyed by folder, as the boxes below: what one queue's bar, box or menu holds does not pass to the next. */}
      <SavedViewsBar key={folder} folder={folder} />
      {actions.disputes ? (
        <Suspense fallback={null}>
          <ChargeBackDisputes />
        </Suspense>
      ) : null}
      <div className="card queue-fill">
        <div className="card-body">
          <QueueFilterBar
            folder={folder}
            filters={params.filters}
            sort={params.sort}
            onApply={setFilters}
            onSort={onSort}
            teamAssignees={can(user?.type, 'team:manage')}
            me={me}
          >
            {saveView}
          </QueueFilterBar>
          <div className="d-flex flex-wrap gap-2 align-items-center justify-content-between mb-2">
            <div className="d-flex flex-wrap gap-2">
              <WorkNextButton workNext={workNext} />
              {actions.assign ? (
                <Button size="sm" disabled={busy} onClick={() => ask('assign')}>
                  Assign to me
                </Button>
              ) : null}
              {actions.release ? (
                <Button size="sm" disabled={busy} onClick={() => ask('release')}>
                  Move to Original Folder
                </Button>
              ) : null}
              {actions.refund ? (
                <Button size="sm" disabled={busy} onClick={() => ask('refund')}>
                  Refunded it
                </Button>
              ) : null}
              {actions.refund ? (
                <Button size="sm" variant="outline-primary" disabled={busy} onClick={() => ask('completeRefund')}>
                  Move to complete with refund mail
                </Button>
              ) : null}
              {actions.bulkDelete && mayDelete ? (
                <Button size="sm" variant="danger" disabled={busy} onClick={() => ask('delete')}>
                  Delete Order
                </Button>
              ) : null}
              {selected.size ? (
                <span className="align-self-center small text-muted">{selected.size} selected</span>
              ) : null}
              <QueueExport key={folder} folder={folder} params={params} title={title} />
            </div>
            <SearchBox
              key={folder}
              search={params.search}
              onSearch={onSearch}
              label="Search"
              placeholder="Search order id, name, email, telephone"
              maxWidth={320}
              inputRef={searchRef}
              keyShortcut="/"
            />
          </div>
          {page.isError ? <div className="alert alert-danger py-2">{errorMessage(page.error)}</div> : null}
          <BulkToolbar
            key={folder}
            view={{ folderName: folder, searchVal: params.search, filters: params.filters }}
            rows={rows}
            selected={selected}
            total={total}
            totalCapped={data?.totalCapped === true}
            totalEstimated={estimated}
            onCountExactly={countExactly}
            onDone={clear}
          />
          {live.newOrdersBar}
          <div ref={tableRef} className="queue-table-area" {...live.hoverProps}>
            <QueueTable
              rows={rows}
              loading={page.isFetching}
              selected={selected}
              onToggle={toggle}
              onToggleAll={toggleAll}
              onDelete={onDeleteRow}
              rowLinks={packLinks}
              urgencyOf={urgencyOf}
              focusedIndex={keys.focused}
              arrivalSort={arrivalSort}
              marksOf={live.marksOf}
              repliedOf={repliedOf}
              placeholderRows={data ? 0 : Math.min(limit, MAX_PLACEHOLDER_ROWS)}
            />
          </div>
          <div className="queue-footer d-flex flex-wrap column-gap-3 row-gap-1 align-items-center justify-content-between mt-2">
            <div className="d-flex align-items-center gap-2 small">
              <label htmlFor={`rows-${folder}`} className="text-nowrap">
                Rows per page
              </label>
              <Form.Select
                id={`rows-${folder}`}
                size="sm"
                style={{ width: 90 }}
                value={String(params.limitChoice)}
                onChange={(e) =>
                  update({
                    limit: e.target.value === '10' ? undefined : (e.target.value as `${LimitChoice}`),
                    page: undefined,
                  })
                }
              >
                {PAGE_SIZE_OPTIONS.map((n) => (
                  <option key={n} value={n}>
                    {n}
                  </option>
                ))}
                <option value="all">All</option>
              </Form.Select>
              <span className="text-muted" role="status">
                {total === 0 && (data !== undefined || page.isError)
                  ? 'No records found'
                  : showingEntries(
                      firstRow,
                      lastRow,
                      estimated ? `about ${estimatedCount(total, lastRow)}` : groupedCount(total),
                      !!data?.totalCapped,
                    )}
              </span>
              {estimated ? (
                <Button variant="link" size="sm" className="p-0 text-nowrap" disabled={counting} onClick={countExactly}>
                  {counting ? 'Counting…' : 'Count exactly'}
                </Button>
              ) : null}
            </div>
            <p className="queue-keys-hint small text-muted mb-0">
              Press <kbd>?</kbd> for keyboard shortcuts.
            </p>
            <Pagination page={params.page} pageCount={pageCount} onChange={goToPage} />
          </div>
        </div>
      </div>
      <ConfirmDialog
        show={!!pending}
        message={queueActions.question}
        busy={busy}
        confirmVariant={pending?.kind === 'delete' ? 'danger' : 'primary'}
        onConfirm={() => void queueActions.run()}
        onCancel={queueActions.cancel}
      />
      <KeyboardHelp
        show={keys.helpOpen}
        title="Queue keyboard shortcuts"
        onHide={keys.closeHelp}
        keys={queueKeyHelp({ toggle: true, assign: !!actions.assign, workNext: !!workNext })}
      />
    </>
  );
}
