/**
 * Exports (/admin/exports, Admin; product: roles.md#exports): which other roles may export personal data in bulk (a
 * switch per role, as the two-factor requirement's on Manage Team), and the export log: every export of a queue or a
 * report, newest first, with who, when, what, its filters and its rows. The page of the log lives in the address.
 */
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { toast } from 'react-toastify';
import { folderDeclaration, type Folder } from '../../../../shared/folders';
import { FOLDERS } from '../../../../shared/folders';
import type { Role } from '../../../../shared/roles';
import { GRANTABLE_EXPORT_ROLES } from '../../../../shared/schemas/export-rights-texts';
import type { ExportRecord } from '../../../../shared/schemas/export-rights';
import { errorMessage } from '../../lib/api';
import { StaffTime } from '../../lib/time';
import { useDocumentTitle } from '../../lib/use-document-title';
import { PageHeader } from '../../components/PageHeader';
import { Pagination } from '../../components/Pagination';
import { RequirePermission } from '../../components/RequirePermission';
import { exportSettingsQuery } from '../../components/export/export-rights';
import { exportLogRequest, useExportLog, useGrantExports } from './api/exports';

export function ExportsPage() {
  useDocumentTitle('Exports');
  return (
    <RequirePermission permission="exports:manage">
      <PageHeader title="Exports" />
      <ExportGrant />
      <ExportLog />
    </RequirePermission>
  );
}

/** A switch per role the Admin may grant exports to; each change sends the whole list. */
function ExportGrant() {
  const settings = useQuery(exportSettingsQuery());
  const grant = useGrantExports();
  // While a change is on its way the switches show what was asked for (the answer then confirms it).
  const [asked, setAsked] = useState<Role[] | null>(null);
  const granted = asked ?? settings.data?.grantedRoles ?? [];
  const toggle = (role: Role, on: boolean) => {
    const next = GRANTABLE_EXPORT_ROLES.filter((r) => (r === role ? on : granted.includes(r)));
    setAsked(next);
    grant.mutate(next, {
      onSuccess: (answer) => toast.success(answer.message),
      onError: (error) => toast.error(errorMessage(error)),
      onSettled: () => setAsked(null),
    });
  };
  return (
    <section className="card mb-4" aria-labelledby="export-grant-title">
      <div className="card-header bg-white fw-semibold" id="export-grant-title">
        Who may export personal data
      </div>
      <div className="card-body">
        <p className="text-muted small">
          An export of a queue or a report holds every listed customer&apos;s personal data in one file. Admins and
          Managers may always export; allow another role only if its work needs it. Each export is recorded below.
        </p>
        {settings.isError ? <div className="text-danger">{errorMessage(settings.error)}</div> : null}
        <div className="d-flex flex-wrap gap-4">
          {GRANTABLE_EXPORT_ROLES.map((role) => {
            const id = `export-role-${role.replace(/\s/g, '-').toLowerCase()}`;
            return (
              <div className="form-check form-switch m-0" key={role}>
                <input
                  className="form-check-input"
                  type="checkbox"
                  role="switch"
                  id={id}
                  checked={granted.includes(role)}
                  disabled={!settings.data || grant.isPending}
                  onChange={(e) => toggle(role, e.target.checked)}
                />
                <label className="form-check-label" htmlFor={id}>
                  {role} may export
                </label>
              </div>
            );
          })}
        </div>
      </div>
    </section>
  );
}

const REPORT_LABELS: Record<string, string> = { country: 'Country Order List', processed: 'Order Processed' };

/** What was exported: a queue's label, or a report's. */
function sourceLabel(record: ExportRecord): string {
  if (record.kind === 'report') return REPORT_LABELS[record.source] ?? record.source;
  return (FOLDERS as readonly string[]).includes(record.source)
    ? folderDeclaration(record.source as Folder).link.label
    : record.source;
}

/** The filters as sent, one `name: value` each (lists joined); empty ones left out. */
function filtersText(filters: Record<string, unknown>): string {
  const parts = Object.entries(filters)
    .filter(([, value]) => value !== null && value !== undefined && value !== '')
    .map(([key, value]) => `${key}: ${Array.isArray(value) ? value.join(', ') : String(value)}`);
  return parts.length ? parts.join(' · ') : 'none';
}

const count = (n: number) => n.toLocaleString('en-US');

function ExportLog() {
  const [search, setSearch] = useSearchParams();
  const request = exportLogRequest(search);
  const log = useExportLog(request);
  const records = log.data?.records ?? [];
  const pageCount = Math.ceil((log.data?.totalRecords ?? 0) / request.limit);
  const goTo = (page: number) => {
    const params = new URLSearchParams(search);
    params.set('page', String(page));
    setSearch(params);
  };
  return (
    <section className="card" aria-labelledby="export-log-title">
      <div className="card-header bg-white fw-semibold" id="export-log-title">
        Export log
      </div>
      <div className="card-body pb-0">
        <p className="text-muted small mb-2">
          Every export, newest first, kept a year. A search is recorded as used, never its text.
        </p>
        {log.isError ? <div className="text-danger mb-2">{errorMessage(log.error)}</div> : null}
      </div>
      {/* Focusable, so a keyboard can scroll the log sideways on a phone. */}
      <div className="table-responsive" tabIndex={0} role="group" aria-label="Export log table">
        <table className="table table-sm align-middle mb-0" aria-label="Export log">
          <thead>
            <tr>
              <th scope="col">When</th>
              <th scope="col">Member</th>
              <th scope="col">Exported</th>
              <th scope="col">Filters</th>
              <th scope="col">Search</th>
              <th scope="col">Format</th>
              <th scope="col" className="text-end">
                Rows
              </th>
            </tr>
          </thead>
          <tbody>
            {log.isPending ? (
              <tr>
                <td colSpan={7} className="text-center text-muted py-4">
                  Loading…
                </td>
              </tr>
            ) : records.length === 0 ? (
              <tr>
                <td colSpan={7} className="text-center text-muted py-4">
                  No exports yet
                </td>
              </tr>
            ) : (
              records.map((record) => (
                <tr key={record.id}>
                  <td className="text-nowrap">
                    <StaffTime value={record.createdAt} seconds />
                  </td>
                  <td>{record.staffName}</td>
                  <td>{sourceLabel(record)}</td>
                  <td className="small">{filtersText(record.filters)}</td>
                  <td>{record.searchUsed ? 'used' : '-'}</td>
                  <td className="text-uppercase">{record.format}</td>
                  <td className="text-end text-nowrap">
                    {record.rowsWritten === null
                      ? `${count(record.rowCount)} (not finished)`
                      : count(record.rowsWritten)}
                  </td>
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
      {pageCount > 1 ? (
        <div className="card-body">
          <Pagination page={request.page} pageCount={pageCount} onChange={goTo} label="Export log pages" />
        </div>
      ) : null}
    </section>
  );
}
