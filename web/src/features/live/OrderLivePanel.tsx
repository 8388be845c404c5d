/**
 * The order detail's live part: tells the server this tab has the order open (and whether a remark is
 * being written: the remark box has focus or text), shows who else has it open, and shows a notice when a
 * colleague (or the customer) changes the order while it is on screen, with a button that loads the change. Where
 * the order is (its status and assignee) follows at once: no one edits those on the page, so nothing is lost.
 */
import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { OrderActivityEvent, OrderChangedEvent, PresenceState } from '../../../../shared/live';
import type { OrderDetail } from '../../../../shared/schemas/order-detail';
import { isCustomerStep } from '../../../../shared/process-steps';
import { api } from '../../lib/api';
import { useAuth } from '../../lib/auth-context';
import { readStoredLogin } from '../../lib/auth-storage';
import { queryKeys } from '../../lib/query-keys';
import { useLive, useLiveEvents, usePresenceMap } from './LiveProvider';
import './live.css';

const REMARK_BOX_ID = 'remark';

function remarkState(): PresenceState {
  const box = document.getElementById(REMARK_BOX_ID) as HTMLTextAreaElement | null;
  return box && (document.activeElement === box || box.value.trim() !== '') ? 'writing' : 'viewing';
}

let presenceQueue: Promise<unknown> = Promise.resolve();
/** This tab's presence requests, one after another. */
function inTurn(request: () => Promise<unknown>) {
  presenceQueue = presenceQueue.then(request).catch(() => undefined);
}

/** Leaving must reach the server even while the page unloads: a keepalive request outside the API client. */
function sendLeave(clientId: string, orderId: number): Promise<unknown> {
  const token = readStoredLogin()?.accessToken;
  if (!token) return Promise.resolve();
  return fetch('/api/admin/live/presence', {
    method: 'POST',
    keepalive: true,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ clientId, orderId, left: true }),
  }).catch(() => undefined);
}

export function OrderLivePanel({ orderId }: { orderId: number }) {
  const live = useLive();
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const presence = usePresenceMap();
  const [state, setState] = useState<PresenceState>('viewing');
  const [change, setChange] = useState<OrderActivityEvent | null>(null);
  const clientId = live?.clientId;
  const heartbeatMs = live?.presenceHeartbeatMs ?? 10_000;

  // This tab's presence: now, on every state change, every heartbeat (a third of the server's expiry); gone when
  // the page or tab closes. One request at a time, in order: a leave never overtakes the next page's first send.
  useEffect(() => {
    if (!clientId) return undefined;
    const send = () => inTurn(() => api.post('admin/live/presence', { clientId, orderId, state }));
    send();
    const timer = setInterval(send, heartbeatMs);
    return () => clearInterval(timer);
  }, [clientId, orderId, state, heartbeatMs]);
  useEffect(() => {
    if (!clientId) return undefined;
    const leave = () => sendLeave(clientId, orderId);
    window.addEventListener('pagehide', leave);
    return () => {
      window.removeEventListener('pagehide', leave);
      inTurn(async () => leave());
    };
  }, [clientId, orderId]);
  useEffect(() => {
    const update = () => setState(remarkState());
    for (const type of ['focusin', 'focusout', 'input']) document.addEventListener(type, update);
    return () => {
      for (const type of ['focusin', 'focusout', 'input']) document.removeEventListener(type, update);
    };
  }, []);

  useLiveEvents((message) => {
    if (message.event === 'order') {
      const moved = message.data as OrderChangedEvent;
      const to = moved.to;
      if (moved.orderId !== orderId || !to) return;
      queryClient.setQueryData<OrderDetail>(
        queryKeys.orders.detail(orderId),
        (order) =>
          order && {
            ...order,
            process_status: to.status,
            assign_to: to.assigneeId === order.assigned_to_id ? order.assign_to : moved.assigneeName,
            assigned_to_id: to.assigneeId,
          },
      );
      return;
    }
    if (message.event !== 'activity') return;
    const activity = message.data as OrderActivityEvent;
    if (activity.orderId === orderId && activity.actorId !== user?.id) setChange(activity);
  });

  if (!live) return null;
  const others = (presence.get(orderId) ?? []).filter((v) => v.memberId !== user?.id);
  const reload = () => {
    setChange(null);
    void queryClient.invalidateQueries({ queryKey: queryKeys.orders.detail(orderId) });
  };

  return (
    <>
      {change ? (
        <div
          className="alert alert-warning d-flex flex-wrap align-items-center justify-content-between gap-2 py-2"
          role="alert"
          data-testid="order-changed-notice"
        >
          <span>
            <strong>{change.actorName ?? (isCustomerStep(change.step) ? 'The customer' : 'The system')}</strong> changed
            this order while you were reading it ({change.step}).
          </span>
          <button type="button" className="btn btn-sm btn-warning" onClick={reload}>
            Show the change
          </button>
        </div>
      ) : null}
      {others.length ? (
        <p
          className="live-presence d-flex flex-wrap align-items-center gap-2 mb-3 small"
          data-testid="order-presence"
          aria-live="polite"
        >
          <span className="text-muted">Also open by:</span>
          {others.map((viewer) => (
            <span
              key={viewer.memberId}
              className={`badge ${viewer.state === 'writing' ? 'text-bg-warning' : 'text-bg-light border'}`}
            >
              {viewer.name} · {viewer.state === 'writing' ? 'writing a remark' : 'viewing'}
            </span>
          ))}
        </p>
      ) : null}
    </>
  );
}
