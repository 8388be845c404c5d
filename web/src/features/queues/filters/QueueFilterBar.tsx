/**
 * The filter bar above a queue: the active filters as removable chips, the sort, and a panel of filter
 * fields applied together (Apply: a new history entry, so Back returns to the filters before). The state lives in
 * the address (use-queue-params.ts); the server applies the filters (shared/schemas/queue-filters.ts).
 */
import { memo, useState, type FormEvent, type ReactNode } from 'react';
import { Button, Col, Form, Row, type FormControlProps } from 'react-bootstrap';
import { COUNTRY_NAMES } from '../../../../../shared/dialling-codes';
import { PROCESSING_MODES, statusLabel, type Folder } from '../../../../../shared/orders';
import {
  FILTER_STATUSES,
  ORDER_SORTS,
  queueFilterIssues,
  queueFiltersSchema,
  SORT_LABELS,
  type OrderSort,
  type QueueFilters,
} from '../../../../../shared/schemas/queue-filters';
import { useChanged } from '../../../lib/use-changed';
import { useAssignees, useLandingSites } from './filter-options';

/** The panel's fields as typed (text), one value each. */
interface Draft {
  landingSite: string;
  processingMode: string;
  nationality: string;
  status: string;
  assigneeId: string;
  arrivalFrom: string;
  arrivalTo: string;
  orderFrom: string;
  orderTo: string;
  amountMin: string;
  amountMax: string;
  currency: string;
}

const EMPTY: Draft = {
  landingSite: '',
  processingMode: '',
  nationality: '',
  status: '',
  assigneeId: '',
  arrivalFrom: '',
  arrivalTo: '',
  orderFrom: '',
  orderTo: '',
  amountMin: '',
  amountMax: '',
  currency: '',
};

const first = (value: readonly (string | number)[] | undefined) => (value?.length ? String(value[0]) : '');

function draftOf(filters: QueueFilters): Draft {
  return {
    landingSite: first(filters.landingSite),
    processingMode: first(filters.processingMode),
    nationality: first(filters.nationality),
    status: first(filters.status),
    assigneeId: first(filters.assigneeId),
    arrivalFrom: filters.arrivalFrom ?? '',
    arrivalTo: filters.arrivalTo ?? '',
    orderFrom: filters.orderFrom ?? '',
    orderTo: filters.orderTo ?? '',
    amountMin: filters.amountMin?.toString() ?? '',
    amountMax: filters.amountMax?.toString() ?? '',
    currency: first(filters.currency),
  };
}

const MODE_LABELS: Record<string, string> = { standard: 'Standard', priority: 'Priority', future: 'Future' };

const FILTER_LABELS: Record<keyof QueueFilters, string> = {
  landingSite: 'Landing site',
  processingMode: 'Mode',
  nationality: 'Nationality',
  arrivalFrom: 'Arrival from',
  arrivalTo: 'Arrival to',
  orderFrom: 'Ordered from',
  orderTo: 'Ordered to',
  assigneeId: 'Assignee',
  status: 'Status',
  amountMin: 'Amount from',
  amountMax: 'Amount to',
  currency: 'Currency',
};

export interface QueueFilterBarProps {
  folder: Folder;
  filters: QueueFilters;
  sort: OrderSort | undefined;
  onApply(filters: QueueFilters): void;
  onSort(sort: OrderSort | undefined): void;
  /** Admin or Manager: the assignee list is the team. Others choose Unassigned or themselves. */
  teamAssignees: boolean;
  me: { id: number; name: string } | undefined;
  /** Beside the sort (Save view). */
  children?: ReactNode;
}

/** Memoised: the queue's rows arriving, or a box ticked, leave it alone. */
export const QueueFilterBar = memo(function QueueFilterBar({
  folder,
  filters,
  sort,
  onApply,
  onSort,
  teamAssignees,
  me,
  children,
}: QueueFilterBarProps) {
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState<Draft>(() => draftOf(filters));
  const [error, setError] = useState<string | null>(null);
  const filterKey = JSON.stringify(filters);
  // Another queue (the queue screen stays from queue to queue) starts with the panel closed.
  const folderChanged = useChanged(folder);
  if (useChanged(filterKey) || folderChanged) {
    setDraft(draftOf(filters));
    setError(null);
    if (folderChanged) setOpen(false);
  }
  const sites = useLandingSites();
  const team = useAssignees(teamAssignees && open);
  const members = teamAssignees ? (team.data ?? []) : me ? [me] : [];

  const set = (key: keyof Draft) => (e: { target: { value: string } }) =>
    setDraft((d) => ({ ...d, [key]: e.target.value }));
  const apply = (event: FormEvent) => {
    event.preventDefault();
    const typed = Object.fromEntries(Object.entries(draft).filter(([, v]) => v.trim() !== ''));
    const parsed = queueFiltersSchema().safeParse(typed);
    if (!parsed.success) {
      setError(parsed.error.issues[0]!.message);
      return;
    }
    const issue = queueFilterIssues(parsed.data, folder)[0];
    if (issue) {
      setError(issue.message);
      return;
    }
    setError(null);
    onApply(parsed.data);
  };
  const clear = () => {
    setDraft(EMPTY);
    setError(null);
    onApply({});
  };

  const valueText = (key: keyof QueueFilters): string => {
    const value = filters[key];
    const list = Array.isArray(value) ? value.map(String) : [String(value)];
    if (key === 'landingSite') return list.map((k) => sites.data?.find((s) => s.siteKey === k)?.name ?? k).join(', ');
    if (key === 'processingMode') return list.map((m) => MODE_LABELS[m] ?? m).join(', ');
    if (key === 'status') return list.map((s) => statusLabel(s)).join(', ');
    if (key === 'assigneeId')
      return list
        .map((id) => (id === '0' ? 'Unassigned' : (members.find((m) => String(m.id) === id)?.name ?? `Member ${id}`)))
        .join(', ');
    return list.join(', ');
  };
  const active = (Object.keys(FILTER_LABELS) as (keyof QueueFilters)[]).filter((key) => filters[key] !== undefined);
  const remove = (key: keyof QueueFilters) => {
    const next = { ...filters };
    delete next[key];
    onApply(next);
  };
  const id = (name: string) => `qf-${folder}-${name}`;
  /** One labelled input of the draft: its id from `name`, its value and change from `key`. */
  const input = (key: keyof Draft, name: string, label: string, props: FormControlProps) => (
    <Field id={id(name)} label={label}>
      <Form.Control size="sm" {...props} id={id(name)} value={draft[key]} onChange={set(key)} />
    </Field>
  );

  return (
    <div className="queue-filter-bar mb-2" data-testid="queue-filter-bar">
      <div className="d-flex flex-wrap gap-2 align-items-center">
        <Button
          size="sm"
          variant={active.length ? 'primary' : 'outline-secondary'}
          aria-expanded={open}
          aria-controls={id('panel')}
          onClick={() => setOpen((o) => !o)}
        >
          Filters{active.length ? ` (${active.length})` : ''}
        </Button>
        {active.map((key) => (
          <span key={key} className="badge rounded-pill text-bg-light border queue-filter-chip">
            {FILTER_LABELS[key]}: {valueText(key)}
            <button
              type="button"
              className="btn-close ms-1"
              aria-label={`Remove filter ${FILTER_LABELS[key]}`}
              onClick={() => remove(key)}
            />
          </span>
        ))}
        {active.length ? (
          <Button size="sm" variant="link" className="p-0" onClick={clear}>
            Clear filters
          </Button>
        ) : null}
        <div className="d-flex flex-wrap gap-2 align-items-center ms-auto">
          <Form.Select
            size="sm"
            aria-label="Sort"
            style={{ width: 'auto' }}
            value={sort ?? 'newest'}
            onChange={(e) => onSort(e.target.value === 'newest' ? undefined : (e.target.value as OrderSort))}
          >
            {ORDER_SORTS.map((s) => (
              <option key={s} value={s}>
                {SORT_LABELS[s]}
              </option>
            ))}
          </Form.Select>
          {children}
        </div>
      </div>
      {open ? (
        <Form
          id={id('panel')}
          className="queue-filter-panel border rounded p-2 mt-2"
          onSubmit={apply}
          noValidate
          aria-label="Filters"
        >
          <Row className="g-2">
            <Field id={id('site')} label="Landing site">
              <Form.Select size="sm" id={id('site')} value={draft.landingSite} onChange={set('landingSite')}>
                <option value="">Any</option>
                {(sites.data ?? []).map((s) => (
                  <option key={s.siteKey} value={s.siteKey}>
                    {s.name}
                  </option>
                ))}
              </Form.Select>
            </Field>
            <Field id={id('mode')} label="Processing mode">
              <Form.Select size="sm" id={id('mode')} value={draft.processingMode} onChange={set('processingMode')}>
                <option value="">Any</option>
                {PROCESSING_MODES.map((m) => (
                  <option key={m} value={m}>
                    {MODE_LABELS[m]}
                  </option>
                ))}
              </Form.Select>
            </Field>
            <Field id={id('nationality')} label="Nationality">
              <Form.Select size="sm" id={id('nationality')} value={draft.nationality} onChange={set('nationality')}>
                <option value="">Any</option>
                {COUNTRY_NAMES.map((c) => (
                  <option key={c} value={c}>
                    {c}
                  </option>
                ))}
              </Form.Select>
            </Field>
            {folder === 'orderHistory' ? (
              <Field id={id('status')} label="Status">
                <Form.Select size="sm" id={id('status')} value={draft.status} onChange={set('status')}>
                  <option value="">Any</option>
                  {FILTER_STATUSES.map((s) => (
                    <option key={s} value={s}>
                      {statusLabel(s)}
                    </option>
                  ))}
                </Form.Select>
              </Field>
            ) : null}
            <Field id={id('assignee')} label="Assignee">
              <Form.Select size="sm" id={id('assignee')} value={draft.assigneeId} onChange={set('assigneeId')}>
                <option value="">Anyone</option>
                <option value="0">Unassigned</option>
                {members.map((m) => (
                  <option key={m.id} value={m.id}>
                    {m.name}
                  </option>
                ))}
              </Form.Select>
            </Field>
            {input('arrivalFrom', 'arrival-from', 'Arrival from', DATE)}
            {input('arrivalTo', 'arrival-to', 'Arrival to', DATE)}
            {input('orderFrom', 'order-from', 'Ordered from', DATE)}
            {input('orderTo', 'order-to', 'Ordered to', DATE)}
            {input('amountMin', 'amount-min', 'Amount from', AMOUNT)}
            {input('amountMax', 'amount-max', 'Amount to', AMOUNT)}
            {input('currency', 'currency', 'Currency', { maxLength: 3, placeholder: 'USD' })}
          </Row>
          {error ? (
            <div className="text-danger small mt-2" role="alert">
              {error}
            </div>
          ) : null}
          <div className="d-flex gap-2 mt-2">
            <Button size="sm" type="submit">
              Apply filters
            </Button>
            <Button size="sm" variant="outline-secondary" onClick={clear}>
              Clear
            </Button>
          </div>
        </Form>
      ) : null}
    </div>
  );
});

const DATE: FormControlProps = { type: 'date' };
const AMOUNT: FormControlProps = { type: 'number', min: 0, step: '0.01', inputMode: 'decimal' };

function Field({ id, label, children }: { id: string; label: string; children: ReactNode }) {
  return (
    <Col xs={6} md={4} lg={3} xl={2}>
      <Form.Label htmlFor={id} className="small mb-0">
        {label}
      </Form.Label>
      {children}
    </Col>
  );
}
