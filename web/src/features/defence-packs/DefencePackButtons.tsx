/**
 * The Defence Pack 1 and Defence Pack 2 buttons of the order detail page, shown to those who may prepare
 * chargeback evidence (Admin, Manager: `orders:defence-pack`, enforced by the server). `?defencePack=1|2` in
 * the page address opens that pack at once: the Chargeback queue links straight to it.
 */
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { can } from '../../../../shared/roles';
import type { DefencePackType } from '../../../../shared/schemas/defence-pack-texts';
import type { OrderDetail } from '../../../../shared/schemas/order-detail';
import { useAuth } from '../../lib/auth-context';
import { DefencePackModal } from './DefencePackModal';

const packFrom = (value: string | null): DefencePackType | null => (value === '1' ? 1 : value === '2' ? 2 : null);

export function DefencePackButtons({ order }: { order: OrderDetail }) {
  const { user } = useAuth();
  const [params, setParams] = useSearchParams();
  const [open, setOpen] = useState<DefencePackType | null>(() => packFrom(params.get('defencePack')));
  if (!can(user?.type, 'orders:defence-pack')) return null;

  const close = () => {
    setOpen(null);
    if (params.has('defencePack')) {
      const next = new URLSearchParams(params);
      next.delete('defencePack');
      setParams(next, { replace: true });
    }
  };
  return (
    <>
      <button type="button" className="btn btn-primary" onClick={() => setOpen(1)}>
        Defence Pack 1
      </button>
      <button type="button" className="btn btn-primary" onClick={() => setOpen(2)}>
        Defence Pack 2
      </button>
      {([1, 2] as const).map((type) => (
        <DefencePackModal key={type} orderId={order.order_id} type={type} show={open === type} onClose={close} />
      ))}
    </>
  );
}
