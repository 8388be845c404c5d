/**
 * Exports as an Admin uses it: allowing another role to export (the whole list sent, the server's message shown) and
 * reading the export log; a Team member sees no Export menu until an Admin allows it, and no Exports page.
 */
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { okChecked } from '../../../test/answers';
import { countryRow } from '../../../test/fixtures/reports';
import { within } from '@testing-library/react';
import { renderStaffApp, screen } from '../../../test/render-app';
import { server } from '../../../test/server';
import { exportRecordSchema, exportSettingsSchema, type ExportRecord } from '../../../../shared/schemas/export-rights';
import { countryRowSchema } from '../../../../shared/schemas/reports';
import type { Role } from '../../../../shared/roles';

const RECORDS: ExportRecord[] = [
  {
    id: 12,
    createdAt: '2026-11-20T10:15:30.000Z',
    staffId: 3,
    staffName: 'Tia Team',
    kind: 'queue',
    source: 'orderHistory',
    filters: { processingMode: ['standard', 'priority'], sort: 'name' },
    searchUsed: true,
    format: 'xlsx',
    rowCount: 1250,
    rowsWritten: 1250,
    finishedAt: '2026-11-20T10:15:41.000Z',
  },
  {
    id: 11,
    createdAt: '2026-11-19T08:00:00.000Z',
    staffId: 2,
    staffName: 'Max Manager',
    kind: 'report',
    source: 'country',
    filters: { fromDate: '2026-11-01', toDate: null },
    searchUsed: false,
    format: 'csv',
    rowCount: 40,
    rowsWritten: null,
    finishedAt: null,
  },
];

/** Who may export and the log, as the server holds them; the setting's answer changes the grant. */
function exportAnswers(granted: Role[] = []) {
  const state = { granted };
  const sent: unknown[] = [];
  const settings = () => ({
    grantedRoles: state.granted,
    exportRoles: ['Admin', 'Manager', ...state.granted] as Role[],
  });
  server.use(
    http.get('/api/admin/export-settings', () => okChecked(exportSettingsSchema, settings())),
    http.post('/api/admin/export-settings', async ({ request }) => {
      const body = (await request.json()) as { grantedRoles: Role[] };
      sent.push(body);
      state.granted = body.grantedRoles;
      return okChecked(exportSettingsSchema, settings(), {
        message: `Allowed exports of personal data to Admin, Manager and ${body.grantedRoles.join(' and ')}.`,
      });
    }),
    http.get('/api/admin/export-log', () => okChecked(exportRecordSchema.array(), RECORDS, { totalRecords: 2 })),
  );
  return sent;
}

describe('Exports', () => {
  it('lets an Admin allow Team to export, and shows the export log', async () => {
    const sent = exportAnswers();
    const { user } = await renderStaffApp('/admin/exports', { as: 'Admin' });
    expect(await screen.findByRole('heading', { name: 'Exports' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Exports' })).toHaveAttribute('href', '/admin/exports');

    const team = screen.getByRole('switch', { name: 'Team may export' });
    expect(team).not.toBeChecked();
    expect(screen.getByRole('switch', { name: 'Night Staff may export' })).not.toBeChecked();
    await user.click(team);
    expect(await screen.findByText('Allowed exports of personal data to Admin, Manager and Team.')).toBeInTheDocument();
    expect(sent).toEqual([{ grantedRoles: ['Team'] }]);
    expect(screen.getByRole('switch', { name: 'Team may export' })).toBeChecked();

    const rows = within(screen.getByRole('table'))
      .getAllByRole('row')
      .slice(1)
      .map((row) =>
        within(row)
          .getAllByRole('cell')
          .slice(1)
          .map((cell) => cell.textContent),
      );
    expect(rows).toEqual([
      ['Tia Team', 'Order History', 'processingMode: standard, priority · sort: name', 'used', 'xlsx', '1,250'],
      ['Max Manager', 'Country Order List', 'fromDate: 2026-11-01', '-', 'csv', '40 (not finished)'],
    ]);
  });

  it('shows a Team member no Export menu until an Admin allows it, and not the Exports page', async () => {
    const report = () =>
      server.use(
        http.post('/api/admin/get-country-order-count', () =>
          okChecked(z.array(countryRowSchema), [countryRow('India', { count: 12 })]),
        ),
      );
    report();
    await renderStaffApp('/admin/country-order-list', { as: 'Team' });
    await screen.findByRole('cell', { name: 'India' });
    expect(screen.queryByRole('button', { name: 'Export Country Order Details' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Exports' })).not.toBeInTheDocument();
  });

  it('shows a Team member the Export menu once an Admin allowed Team', async () => {
    exportAnswers(['Team']);
    server.use(
      http.post('/api/admin/get-country-order-count', () =>
        okChecked(z.array(countryRowSchema), [countryRow('India', { count: 12 })]),
      ),
    );
    await renderStaffApp('/admin/country-order-list', { as: 'Team' });
    await screen.findByRole('cell', { name: 'India' });
    expect(await screen.findByRole('button', { name: 'Export Country Order Details' })).toBeInTheDocument();
  });

  it('refuses the Exports page to a Manager', async () => {
    await renderStaffApp('/admin/exports', { as: 'Manager' });
    expect(await screen.findByText('You do not have permission to view this page.')).toBeInTheDocument();
  });
});
