/**
 * Change Gateway (product: screens.md#settings): a select of gateways and an Active Gateway button. Exactly one gateway
 * is active; the landing sites read it through their intake key. Admin and Manager (server-enforced).
 */
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { Button } from 'react-bootstrap';
import { toast } from 'react-toastify';
import { StaffTime } from '../../lib/time';
import { SELECT_GATEWAY_MESSAGE } from '../../../../shared/schemas/reports-texts';
import { errorMessage } from '../../lib/api';
import { PageHeader } from '../../components/PageHeader';
import { RequirePermission } from '../../components/RequirePermission';
import { useGateways, useSetActiveGateway } from './api/gateways';

const schema = z.object({ gatewayId: z.string().min(1, SELECT_GATEWAY_MESSAGE) });

function GatewaySetting() {
  const list = useGateways();
  const save = useSetActiveGateway();
  const active = list.data?.gateways.find((g) => g.is_active === '1');
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm({ resolver: zodResolver(schema), defaultValues: { gatewayId: '' } });
  useEffect(() => {
    reset({ gatewayId: active ? String(active.id) : '' });
  }, [active, reset]);

  const submit = handleSubmit(async ({ gatewayId }) => {
    try {
      toast.success((await save.mutateAsync(Number(gatewayId))).message);
    } catch (error) {
      toast.error(errorMessage(error));
    }
  });

  return (
    <>
      <PageHeader title="Change Gateway" />
      <div className="card" style={{ maxWidth: 560 }}>
        <div className="card-body">
          {list.isError ? <div className="alert alert-danger py-2">{errorMessage(list.error)}</div> : null}
          <p className="mb-3" role="status">
            Active gateway: <strong>{list.isPending ? '…' : (active?.gateway_name ?? 'none')}</strong>
          </p>
          <form noValidate onSubmit={(e) => void submit(e)}>
            <label className="form-label" htmlFor="gatewayId">
              Gateway
            </label>
            <select
              id="gatewayId"
              className={`form-select ${errors.gatewayId ? 'is-invalid' : ''}`}
              aria-invalid={!!errors.gatewayId}
              {...register('gatewayId')}
            >
              <option value="">Select gateway</option>
              {list.data?.gateways.map((g) => (
                <option key={g.id} value={g.id}>
                  {g.gateway_name}
                  {g.is_active === '1' ? ' (active)' : ''}
                </option>
              ))}
            </select>
            {errors.gatewayId ? <div className="invalid-feedback">{errors.gatewayId.message}</div> : null}
            <Button type="submit" className="mt-3" disabled={save.isPending || list.isPending}>
              Active Gateway
            </Button>
          </form>
          {list.data?.lastChange ? (
            <p className="small text-muted mt-3 mb-0">
              Last changed to {list.data.lastChange.gateway_name} by {list.data.lastChange.staff_name ?? 'N/A'} on{' '}
              <StaffTime value={list.data.lastChange.changed_at} seconds />
            </p>
          ) : null}
        </div>
      </div>
    </>
  );
}

export function GatewaySettingPage() {
  return (
    <RequirePermission permission="gateway:manage">
      <GatewaySetting />
    </RequirePermission>
  );
}
