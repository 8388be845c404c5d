/**
 * Gateway Setting (Change Gateway): a Manager switches the active payment gateway and sees who changed it last; a
 * Team member is refused the screen.
 */
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { okChecked } from '../../../test/answers';
import { renderStaffApp, screen } from '../../../test/render-app';
import { server } from '../../../test/server';
import {
  gatewayChangeSchema,
  gatewaySchema,
  type Gateway,
  type GatewayChange,
} from '../../../../shared/schemas/reports';

const GATEWAYS = ['Stripe', 'PayPal', 'Adyen'];

/** The gateways as the server holds them (the active one and the last change), switched by the setting's answer. */
function gatewayAnswers(active: string) {
  const state = { active, lastChange: null as GatewayChange | null };
  const list = (): Gateway[] =>
    GATEWAYS.map((name, i) => ({ id: i + 1, gateway_name: name, is_active: name === state.active ? '1' : '0' }));
  const sent: unknown[] = [];
  server.use(
    http.get('/api/admin/payment-gateways', () =>
      okChecked(gatewaySchema.array(), list(), { lastChange: gatewayChangeSchema.nullable().parse(state.lastChange) }),
    ),
    http.post('/api/admin/payment-gateway-setting', async ({ request }) => {
      const body = (await request.json()) as { gatewayId: number };
      sent.push(body);
      state.active = GATEWAYS[body.gatewayId - 1]!;
      state.lastChange = {
        gateway_name: state.active,
        staff_name: 'Max Manager',
        changed_at: '2026-11-20T15:04:05.000Z',
      };
      return okChecked(gatewaySchema, list()[body.gatewayId - 1]!, {
        message: `${state.active} is now the active gateway.`,
      });
    }),
  );
  return sent;
}

describe('Gateway Setting', () => {
  it('lets a Manager switch the active gateway', async () => {
    const sent = gatewayAnswers('Stripe');
    const { user } = await renderStaffApp('/admin/gateway-setting', { as: 'Manager' });
    expect(await screen.findByRole('heading', { name: 'Change Gateway' })).toBeInTheDocument();
    const active = await screen.findByText('Active gateway:');
    await expect.poll(() => active.textContent).toBe('Active gateway: Stripe');
    const gateway = screen.getByLabelText('Gateway');
    expect(gateway).toHaveDisplayValue('Stripe (active)');

    await user.selectOptions(gateway, 'Select gateway');
    await user.click(screen.getByRole('button', { name: 'Active Gateway' }));
    expect(await screen.findByText('Please select gateway.')).toBeInTheDocument();

    await user.selectOptions(gateway, 'PayPal');
    await user.click(screen.getByRole('button', { name: 'Active Gateway' }));
    expect(await screen.findByText('PayPal is now the active gateway.')).toBeInTheDocument();
    expect(sent).toEqual([{ gatewayId: 2 }]);
    expect(await screen.findByText(/^Last changed to PayPal by Max Manager on/)).toBeInTheDocument();
    expect(active).toHaveTextContent('Active gateway: PayPal');
  });

  it('refuses a Team member, who has no link to it', async () => {
    let asked = 0;
    server.use(
      http.get('/api/admin/payment-gateways', () => {
        asked += 1;
        return okChecked(gatewaySchema.array(), [], { lastChange: null });
      }),
    );
    await renderStaffApp('/admin/gateway-setting', { as: 'Team' });
    expect(await screen.findByText('You do not have permission to view this page.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /^Gateway Setting/ })).not.toBeInTheDocument();
    expect(asked).toBe(0);
  });
});
