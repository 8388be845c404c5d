/**
 * Mail outbox (/admin/mail-outbox, Admin): with no mail provider configured,
 * every mail lands here, shown as the customer would see it. The other tabs
 * show failed mails (with Retry), mails still on their way, and every mail.
 * Filter and page live in the URL, so Back and reload keep them.
 */
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { StaffTime } from '../../lib/time';
import { type OutboxMail } from '../../../../shared/schemas/mail';
import { MAIL_KIND_LABELS, OUTBOX_FILTERS } from '../../../../shared/schemas/mail-texts';
import { PageHeader } from '../../components/PageHeader';
import { Pagination } from '../../components/Pagination';
import { RequirePermission } from '../../components/RequirePermission';
import { outboxRequest, useMailOutbox, type OutboxFilter } from './api/get-mail-outbox';
import { useRetryMail } from './api/mail-mutations';
import { MailFiles, MailStatus, providerLabel } from './MailBits';
import './documents.css';

const FILTER_LABELS: Record<OutboxFilter, string> = {
  outbox: 'Local outbox',
  failed: 'Failed',
  pending: 'On the way',
  all: 'All mails',
};

export function MailOutboxPage() {
  return (
    <RequirePermission permission="mail:outbox">
      <MailOutbox />
    </RequirePermission>
  );
}

function MailOutbox() {
  const [search, setSearch] = useSearchParams();
  const request = outboxRequest(search);
  const { filter, page } = request;
  const outbox = useMailOutbox(request);
  const retry = useRetryMail();
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const rows = outbox.data?.rows ?? [];
  const selected = rows.find((m) => m.id === selectedId) ?? rows[0] ?? null;
  const pageCount = Math.ceil((outbox.data?.totalRecords ?? 0) / request.limit);

  const go = (next: { filter?: OutboxFilter; page?: number }) => {
    const params = new URLSearchParams(search);
    if (next.filter) {
      params.set('filter', next.filter);
      params.delete('page');
      setSelectedId(null);
    }
    if (next.page) params.set('page', String(next.page));
    setSearch(params);
  };

  const onRetry = (mailId: number) => retry.mutate(mailId);

  return (
    <>
      <PageHeader
        title="Mail Outbox"
        actions={
          <button
            type="button"
            className="btn btn-outline-secondary btn-sm"
            onClick={() => void outbox.refetch()}
            disabled={outbox.isFetching}
          >
            Refresh
          </button>
        }
      />
      <ul className="nav nav-pills mo-filters mb-3 flex-wrap gap-1" role="tablist">
        {OUTBOX_FILTERS.map((f) => (
          <li className="nav-item" role="presentation" key={f}>
            <button
              type="button"
              role="tab"
              aria-selected={f === filter}
              className={`nav-link ${f === filter ? 'active' : ''}`}
              onClick={() => go({ filter: f })}
            >
              {FILTER_LABELS[f]}
            </button>
          </li>
        ))}
      </ul>
      {filter === 'outbox' ? (
        <p className="text-muted small">
          No mail provider is configured for these mails, so they stayed on this server instead of reaching the
          customer. Each one is shown as the customer would see it.
        </p>
      ) : null}

      {outbox.isError ? (
        <div className="alert alert-danger" role="alert">
          {outbox.error.message}
        </div>
      ) : null}

      <div className="row g-3">
        <div className="col-12 col-xl-5">
          <div className="card">
            <div className="list-group list-group-flush mo-list" data-testid="outbox-list">
              {outbox.isPending ? <div className="list-group-item text-muted">Loading…</div> : null}
              {!outbox.isPending && rows.length === 0 ? (
                <div className="list-group-item text-center text-muted">No records found</div>
              ) : null}
              {rows.map((m) => (
                <button
                  key={m.id}
                  type="button"
                  onClick={() => setSelectedId(m.id)}
                  className={`list-group-item list-group-item-action ${selected?.id === m.id ? 'active' : ''}`}
                  aria-current={selected?.id === m.id}
                >
                  <div className="d-flex justify-content-between gap-2">
                    <strong className="text-truncate">{m.subject}</strong>
                    <MailStatus mail={m} />
                  </div>
                  <div className="small text-truncate">
                    To {m.to_address} · Order {m.order_id ?? '-'} · {MAIL_KIND_LABELS[m.kind]}
                  </div>
                  <div className="small opacity-75">
                    <StaffTime value={m.create_ts} seconds /> · {providerLabel(m)}
                  </div>
                </button>
              ))}
            </div>
          </div>
          <div className="mt-2">
            <Pagination page={page} pageCount={pageCount} onChange={(p) => go({ page: p })} label="Outbox pages" />
          </div>
        </div>
        <div className="col-12 col-xl-7">
          {selected ? <MailView mail={selected} onRetry={onRetry} retrying={retry.isPending} /> : null}
        </div>
      </div>
    </>
  );
}

function MailView({ mail, onRetry, retrying }: { mail: OutboxMail; onRetry(id: number): void; retrying: boolean }) {
  const [plain, setPlain] = useState(false);
  return (
    <div className="card" data-testid="outbox-mail">
      <div className="card-body">
        <dl className="mo-headers mb-3">
          <dt>From</dt>
          <dd>{mail.from_address ?? '-'}</dd>
          <dt>To</dt>
          <dd>{mail.to_address}</dd>
          {mail.reply_to ? (
            <>
              <dt>Reply-To</dt>
              <dd>{mail.reply_to}</dd>
            </>
          ) : null}
          <dt>Subject</dt>
          <dd className="fw-semibold">{mail.subject}</dd>
          <dt>Attachments</dt>
          <dd>
            <MailFiles mail={mail} />
          </dd>
          <dt>Status</dt>
          <dd>
            <MailStatus mail={mail} />{' '}
            <span className="text-muted small">
              {providerLabel(mail)}, {mail.attempts} attempt(s)
            </span>
            {mail.status === 'failed' ? (
              <button
                type="button"
                className="btn btn-outline-danger btn-sm ms-2"
                disabled={retrying}
                onClick={() => onRetry(mail.id)}
              >
                Retry
              </button>
            ) : null}
            {mail.last_error ? <small className="d-block text-danger text-break">{mail.last_error}</small> : null}
          </dd>
        </dl>
        <div className="btn-group btn-group-sm mb-2" role="group" aria-label="Mail part">
          <button
            type="button"
            className={`btn ${plain ? 'btn-outline-primary' : 'btn-primary'}`}
            onClick={() => setPlain(false)}
          >
            HTML
          </button>
          <button
            type="button"
            className={`btn ${plain ? 'btn-primary' : 'btn-outline-primary'}`}
            onClick={() => setPlain(true)}
          >
            Plain text
          </button>
        </div>
        {plain ? (
          <pre className="mo-text">{mail.text_body}</pre>
        ) : (
          // sandbox="" : the mail's HTML runs no script and cannot reach the app.
          <iframe className="mo-frame" title={`Mail: ${mail.subject}`} sandbox="" srcDoc={mail.html} />
        )}
      </div>
    </div>
  );
}
