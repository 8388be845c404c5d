/**
 * The answer page of a request for information as the customer meets it (product: information-requests.md#answer):
 * the mail's link opens it with the token after '#', which the page sends in a body and takes out of the address;
 * only the asked answers, pre-filled, with the staff note; the server's message under a refused answer; one send,
 * after which the page says what happens next; a refused link says why; the page speaks the chosen language.
 */
import { http } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { ok, okChecked, refused } from '../../../test/answers';
import { branding } from '../../../test/fixtures/public';
import { screen } from '../../../test/render-app';
import { openPublicApp } from '../../../test/render-small-apps';
import { server } from '../../../test/server';
import { brandingSchema } from '../../../../shared/schemas/tracking';
import { publicRequestSchema, type PublicRequest } from '../../../../shared/schemas/information-requests';
import { CUSTOMER_TEXTS } from '../../../../shared/schemas/information-request-texts';

const TOKEN = 'k3Yd0Q8sLr2vXw9ZpT4mN6bH1cF5gJ7aE0uR3iO8yWq';

const page = (): PublicRequest =>
  publicRequestSchema.parse({
    order_id: 100_432,
    note: 'Your passport seems to expire before you arrive. Please check the date.',
    expires_at: '2026-12-10T10:00:00.000Z',
    fields: [
      {
        key: 'passport_expiry',
        label: 'Passport expiry date',
        columns: [
          { name: 'date_of_expiry', label: 'Day', input: 'day', value: 20 },
          { name: 'month_of_expiry', label: 'Month', input: 'month', value: 9 },
          { name: 'year_of_expiry', label: 'Year', input: 'year', value: 2026 },
        ],
      },
      {
        key: 'flight_number',
        label: 'Flight number',
        columns: [{ name: 'flight_number', label: 'Flight number', input: 'text', value: 'QF25' }],
      },
    ],
  });

/** The calls as the server got them: each body. */
function serveRequest(answer: (body: { token: string; answers: Record<string, unknown> }) => Response) {
  const bodies: { opened: unknown[]; answered: { token: string; answers: Record<string, unknown> }[] } = {
    opened: [],
    answered: [],
  };
  server.use(
    http.post('/api/front/information-request', async ({ request }) => {
      bodies.opened.push(await request.json());
      return okChecked(publicRequestSchema, page());
    }),
    http.post('/api/front/information-request/answer', async ({ request }) => {
      const body = (await request.json()) as { token: string; answers: Record<string, unknown> };
      bodies.answered.push(body);
      return answer(body);
    }),
  );
  return bodies;
}

beforeEach(() => {
  server.use(http.get('/api/front/branding', () => okChecked(brandingSchema, branding('japan-arrival'))));
});

describe('the answer page', () => {
  it('opens the link with its token in a body, shows only the asked answers pre-filled and the note, and forgets the token in the address', async () => {
    const bodies = serveRequest(() => refused(500, 'unused'));
    await openPublicApp(`/answer-request#${TOKEN}`);
    expect(await screen.findByRole('heading', { name: 'Please check your answers' })).toBeInTheDocument();
    // Every read carries the token in its body (React's development mode runs the page's first effect twice).
    expect(bodies.opened.length).toBeGreaterThan(0);
    for (const body of bodies.opened) expect(body).toEqual({ token: TOKEN });
    expect(window.location.hash).toBe('');
    expect(window.location.href).not.toContain(TOKEN);
    expect(screen.getByText('Order 100432')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Message from our team' })).toHaveTextContent(
      'Your passport seems to expire before you arrive. Please check the date.',
    );
    expect(screen.getByLabelText('Day')).toHaveValue('20');
    expect(screen.getByLabelText('Month')).toHaveDisplayValue('September');
    expect(screen.getByLabelText('Year')).toHaveValue('2026');
    expect(screen.getByLabelText('Flight number')).toHaveValue('QF25');
    const form = screen.getByRole('button', { name: 'Send my answers' }).closest('form')!;
    expect([...form.querySelectorAll('input, select')].map((input) => input.getAttribute('name'))).toEqual([
      'date_of_expiry',
      'month_of_expiry',
      'year_of_expiry',
      'flight_number',
    ]);
  });

  it("shows the server's message under a refused answer, then sends once and says what happens next", async () => {
    const bodies = serveRequest(({ answers }) =>
      answers.flight_number === 'not a flight'
        ? refused(400, CUSTOMER_TEXTS.fixAnswers, { flight_number: 'Flight number must look like JL123.' })
        : ok({ orderId: 100_432 }, {}, CUSTOMER_TEXTS.submitted),
    );
    const { user } = await openPublicApp(`/answer-request#${TOKEN}`);
    const flight = await screen.findByLabelText('Flight number');
    await user.clear(flight);
    await user.type(flight, 'not a flight');
    await user.click(screen.getByRole('button', { name: 'Send my answers' }));
    expect(await screen.findByText('Flight number must look like JL123.')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(CUSTOMER_TEXTS.fixAnswers);

    await user.clear(flight);
    await user.type(flight, 'QF 26');
    await user.selectOptions(screen.getByLabelText('Month'), 'October');
    await user.click(screen.getByRole('button', { name: 'Send my answers' }));
    expect(await screen.findByRole('status')).toHaveTextContent(CUSTOMER_TEXTS.submitted);
    expect(screen.queryByRole('button', { name: 'Send my answers' })).not.toBeInTheDocument();
    expect(bodies.answered.at(-1)).toEqual({
      token: TOKEN,
      answers: { date_of_expiry: '20', month_of_expiry: '10', year_of_expiry: '2026', flight_number: 'QF 26' },
    });
    expect(bodies.answered).toHaveLength(2);
  });

  it('says why a link opens nothing (already answered), with no form', async () => {
    server.use(http.post('/api/front/information-request', () => refused(409, CUSTOMER_TEXTS.alreadyAnswered)));
    await openPublicApp(`/answer-request#${TOKEN}`);
    expect(await screen.findByRole('alert')).toHaveTextContent(CUSTOMER_TEXTS.alreadyAnswered);
    expect(screen.queryByRole('button', { name: 'Send my answers' })).not.toBeInTheDocument();
  });

  it('without a token says the link is not valid and asks nothing', async () => {
    let asked = 0;
    server.use(http.post('/api/front/information-request', () => (asked++, refused(404, CUSTOMER_TEXTS.linkInvalid))));
    await openPublicApp('/answer-request');
    expect(await screen.findByRole('alert')).toHaveTextContent(CUSTOMER_TEXTS.linkInvalid);
    expect(asked).toBe(0);
  });

  it("speaks the page's language: its own texts and the server's answers", async () => {
    server.use(http.post('/api/front/information-request', () => refused(409, CUSTOMER_TEXTS.linkExpired)));
    await openPublicApp(`/answer-request?lang=ko#${TOKEN}`);
    expect(await screen.findByRole('heading', { name: '답변을 확인해 주세요' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(
      '링크가 만료되었습니다. 연락해 주시면 새 링크를 보내 드리겠습니다.',
    );
  });
});
