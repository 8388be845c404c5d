/**
 * Information Requests (product: information-requests.md#report): a Manager reads the months of the range the address
 * names, as the server counted them; a Team member is refused, and its link is not in the sidebar.
 */
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { within } from '@testing-library/react';
import { requestReportRowSchema } from '../../../../shared/schemas/information-requests';
import { okChecked } from '../../../test/answers';
import { renderStaffApp, screen } from '../../../test/render-app';
import { server } from '../../../test/server';

const URL = '/admin/information-request-report?from=2026-01-01&to=2026-12-31';

describe('Information Requests', () => {
  it('shows each month of the range as the server counted it', async () => {
    const asked: unknown[] = [];
    server.use(
      http.post('/api/admin/get-information-request-report', async ({ request }) => {
        asked.push(await request.json());
        return okChecked(requestReportRowSchema.array(), [
          {
            month: '2026-11',
            sent: 12,
            answered: 9,
            orders: 10,
            median_hours_to_answer: 5.5,
            average_hours_to_answer: 14.2,
          },
          {
            month: '2026-10',
            sent: 3,
            answered: 0,
            orders: 3,
            median_hours_to_answer: null,
            average_hours_to_answer: null,
          },
        ]);
      }),
    );
    await renderStaffApp(URL, { as: 'Manager' });
    const november = (await screen.findByRole('rowheader', { name: '2026-11' })).closest('tr')!;
    expect([...november.querySelectorAll('th, td')].map((c) => c.textContent)).toEqual([
      '2026-11',
      '12',
      '9',
      '10',
      '5.5 h',
      '14.2 h',
    ]);
    const october = screen.getByRole('rowheader', { name: '2026-10' }).closest('tr')!;
    expect(within(october).getAllByText('—')).toHaveLength(2);
    expect(asked).toEqual([{ fromDate: '2026-01-01', toDate: '2026-12-31' }]);
    expect(screen.getByRole('link', { name: 'Information Requests' })).toBeInTheDocument();
  });

  it('is refused to a Team member, whose sidebar has no link to it', async () => {
    await renderStaffApp(URL, { as: 'Team' });
    expect(await screen.findByText('You do not have permission to view this page.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Information Requests' })).not.toBeInTheDocument();
  });
});
