/** Admin: one member's second factor (reset it), active sessions (end one or all) and security events. */
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Modal } from 'react-bootstrap';
import { toast } from 'react-toastify';
import type { TeamMember } from '../../../../shared/schemas/team';
import { errorMessage } from '../../lib/api';
import { StaffTime } from '../../lib/time';
import { SessionsTable } from '../../components/SessionsTable';
import {
  memberSecurityQuery,
  useEndMemberSession,
  useEndMemberSessions,
  useResetTwoFactor,
} from './api/member-security';

export function MemberSecurityModal({ member, onClose }: { member: TeamMember; onClose(): void }) {
  const security = useQuery(memberSecurityQuery(member.id));
  const reset = useResetTwoFactor();
  const endAll = useEndMemberSessions();
  const endOne = useEndMemberSession();
  const [confirmReset, setConfirmReset] = useState(false);
  const done = {
    onSuccess: (answer: { message: string }) => toast.success(answer.message),
    onError: (error: unknown) => toast.error(errorMessage(error)),
  };
  const data = security.data;

  return (
    <Modal show onHide={onClose} size="lg" aria-labelledby="member-security-title">
      <Modal.Header closeButton>
        <Modal.Title id="member-security-title">Security of {member.name}</Modal.Title>
      </Modal.Header>
      <Modal.Body>
        {security.isError ? <div className="text-danger">{errorMessage(security.error)}</div> : null}
        {data ? (
          <>
            <h2 className="h6">Two-factor sign-in</h2>
            <div className="d-flex flex-wrap align-items-center gap-3 mb-4">
              <span data-testid="member-two-factor">
                {data.twoFactor.enabled ? (
                  <>
                    On since <StaffTime value={data.twoFactor.enabledAt} />, {data.twoFactor.recoveryCodesLeft} recovery
                    codes left
                  </>
                ) : (
                  'Off'
                )}
              </span>
              {data.twoFactor.enabled ? (
                confirmReset ? (
                  <span className="d-flex gap-2 align-items-center">
                    <span className="small">Turn it off and end their sessions?</span>
                    <button
                      type="button"
                      className="btn btn-sm btn-danger"
                      disabled={reset.isPending}
                      onClick={() => reset.mutate(member.id, { ...done, onSettled: () => setConfirmReset(false) })}
                    >
                      Yes, reset
                    </button>
                    <button
                      type="button"
                      className="btn btn-sm btn-outline-secondary"
                      onClick={() => setConfirmReset(false)}
                    >
                      Cancel
                    </button>
                  </span>
                ) : (
                  <button type="button" className="btn btn-sm btn-outline-danger" onClick={() => setConfirmReset(true)}>
                    Reset two-factor
                  </button>
                )
              ) : null}
            </div>
            <div className="d-flex justify-content-between align-items-center mb-2">
              <h2 className="h6 mb-0">Active sessions</h2>
              <button
                type="button"
                className="btn btn-sm btn-outline-danger"
                disabled={endAll.isPending || data.sessions.length === 0}
                onClick={() => endAll.mutate(member.id, done)}
              >
                End all sessions
              </button>
            </div>
            <SessionsTable
              sessions={data.sessions.map((s) => ({ ...s, current: false }))}
              busy={endOne.isPending}
              onEnd={(session) => endOne.mutate(session.id, done)}
            />
            <h2 className="h6 mt-4">Recent security events</h2>
            {data.events.length === 0 ? (
              <p className="text-muted small mb-0">None yet.</p>
            ) : (
              <ul className="list-unstyled small mb-0">
                {data.events.map((e, i) => (
                  <li key={i}>
                    <span className="text-muted me-2">
                      <StaffTime value={e.createdAt} />
                    </span>
                    {e.event}
                  </li>
                ))}
              </ul>
            )}
          </>
        ) : null}
      </Modal.Body>
    </Modal>
  );
}
