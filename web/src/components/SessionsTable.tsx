import type { SessionView } from '../../../shared/schemas/auth';
import { staffZoneHeading, StaffTime } from '../lib/time';

/** A member's live sessions (their own profile, or an Admin's view of a member), each with its End button. */
export function SessionsTable({
  sessions,
  busy,
  onEnd,
}: {
  sessions: SessionView[];
  busy?: boolean;
  onEnd(session: SessionView): void;
}) {
  return (
    <div className="table-responsive">
      <table className="table table-sm align-middle mb-0 sessions-table">
        <thead className="table-light">
          <tr>
            <th>Device</th>
            <th>Address</th>
            <th>Signed in ({staffZoneHeading()})</th>
            <th>Last active ({staffZoneHeading()})</th>
            <th className="text-end">Action</th>
          </tr>
        </thead>
        <tbody>
          {sessions.length === 0 ? (
            <tr>
              <td colSpan={5} className="text-center text-muted py-3">
                No active sessions
              </td>
            </tr>
          ) : null}
          {sessions.map((session) => (
            <tr key={session.id} data-session-ip={session.ip ?? ''}>
              <td>
                {session.device ?? 'Unknown browser'}{' '}
                {session.current ? <span className="badge text-bg-success ms-1">This browser</span> : null}
              </td>
              <td>{session.ip ?? '—'}</td>
              <td>
                <StaffTime value={session.createdAt} underHeading />
              </td>
              <td>
                <StaffTime value={session.lastSeenAt} underHeading />
              </td>
              <td className="text-end">
                {session.current ? null : (
                  <button
                    type="button"
                    className="btn btn-sm btn-outline-danger"
                    disabled={busy}
                    onClick={() => onEnd(session)}
                  >
                    End
                  </button>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
