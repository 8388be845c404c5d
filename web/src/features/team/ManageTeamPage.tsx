/** Manage Team (product: screens.md#settings): the add/edit form and the Team Member List. */
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { can } from '../../../../shared/roles';
import { Link, useNavigate, useParams } from 'react-router';
import { toast } from 'react-toastify';
import { decodeOrderId } from '../../../../shared/ids';
import type { TeamMember } from '../../../../shared/schemas/team';
import { errorMessage } from '../../lib/api';
import { useAuth } from '../../lib/auth-context';
import { paths } from '../../lib/paths';
import { useDocumentTitle } from '../../lib/use-document-title';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { PageHeader } from '../../components/PageHeader';
import { RequirePermission } from '../../components/RequirePermission';
import { teamListQuery, teamMemberQuery } from './api/team-queries';
import { useDeleteMember, useSaveMember } from './api/team-mutations';
import { TeamMemberForm } from './TeamMemberForm';
import { MemberSecurityModal } from './MemberSecurityModal';
import { securitySettingsQuery, useRequireTwoFactor } from './api/member-security';

function ManageTeam() {
  const { memberId } = useParams();
  const editingId = memberId ? decodeOrderId(memberId) : null;
  const navigate = useNavigate();
  const { user } = useAuth();
  const list = useQuery(teamListQuery());
  const editing = useQuery({ ...teamMemberQuery(editingId ?? 0), enabled: editingId !== null });
  const save = useSaveMember();
  const remove = useDeleteMember();
  const [toDelete, setToDelete] = useState<TeamMember | null>(null);
  const [securityOf, setSecurityOf] = useState<TeamMember | null>(null);
  const isSecurityAdmin = can(user?.type, 'team:security');

  const submit = async (values: { name: string; email: string; password: string; type: string; tmId?: number }) => {
    try {
      const answer = await save.mutateAsync(values as never);
      toast.success(answer.message);
      if (editingId !== null) void navigate(paths.admin.manageTeam);
      return true;
    } catch (error) {
      toast.error(errorMessage(error));
      return false;
    }
  };

  const confirmDelete = async () => {
    if (!toDelete) return;
    try {
      await remove.mutateAsync(toDelete.id);
      toast.success('Team member deleted successfully.');
      if (editingId === toDelete.id) void navigate(paths.admin.manageTeam);
    } catch (error) {
      toast.error(errorMessage(error));
    } finally {
      setToDelete(null);
    }
  };

  return (
    <>
      <PageHeader title="Manage Team" />
      <div className="card mb-4">
        <div className="card-header bg-white fw-semibold">
          {editingId !== null ? `Edit ${editing.data?.name ?? 'team member'}` : 'Add Team Member'}
        </div>
        <div className="card-body">
          {editingId !== null && editing.isError ? (
            <div className="alert alert-warning mb-0">
              {errorMessage(editing.error)} <Link to={paths.admin.manageTeam}>Add a member instead</Link>
            </div>
          ) : (
            <TeamMemberForm
              editing={editing.data}
              busy={save.isPending}
              onSubmit={submit}
              onCancel={() => void navigate(paths.admin.manageTeam)}
            />
          )}
        </div>
      </div>
      {isSecurityAdmin ? <TwoFactorRequirement /> : null}
      <div className="card">
        <div className="card-header bg-white fw-semibold">Team Member List</div>
        <div className="table-responsive">
          <table className="table table-hover align-middle mb-0">
            <thead className="table-light">
              <tr>
                <th>#</th>
                <th>Name</th>
                <th>Email</th>
                <th>Member Role</th>
                <th className="text-end">Action</th>
              </tr>
            </thead>
            <tbody>
              {list.isPending ? (
                <tr>
                  <td colSpan={5} className="text-center text-muted py-4">
                    Loading…
                  </td>
                </tr>
              ) : null}
              {list.isError ? (
                <tr>
                  <td colSpan={5} className="text-danger py-4">
                    {errorMessage(list.error)}
                  </td>
                </tr>
              ) : null}
              {list.data?.length === 0 ? (
                <tr>
                  <td colSpan={5} className="text-center text-muted py-4">
                    No records found
                  </td>
                </tr>
              ) : null}
              {list.data?.map((member, index) => (
                <tr key={member.id}>
                  <td>{index + 1}</td>
                  <td>{member.name}</td>
                  <td className="text-break">{member.email}</td>
                  <td>{member.type}</td>
                  <td className="text-end text-nowrap">
                    {member.type === 'Admin' && user?.type !== 'Admin' ? (
                      <span className="small text-muted">Admin only</span>
                    ) : (
                      <>
                        {isSecurityAdmin ? (
                          <button
                            type="button"
                            className="btn btn-sm btn-outline-secondary me-2"
                            onClick={() => setSecurityOf(member)}
                          >
                            Security
                          </button>
                        ) : null}
                        <Link
                          className="btn btn-sm btn-outline-primary me-2"
                          to={paths.admin.editTeamMember(member.id)}
                        >
                          Edit
                        </Link>
                        <button
                          type="button"
                          className="btn btn-sm btn-outline-danger"
                          disabled={member.id === user?.id}
                          title={member.id === user?.id ? 'You cannot delete your own account' : undefined}
                          onClick={() => setToDelete(member)}
                        >
                          Delete
                        </button>
                      </>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </div>
      {securityOf ? <MemberSecurityModal member={securityOf} onClose={() => setSecurityOf(null)} /> : null}
      <ConfirmDialog
        show={!!toDelete}
        message="Are you sure you want to delete?"
        busy={remove.isPending}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setToDelete(null)}
      />
    </>
  );
}

/**
 * Admin: require two-factor sign-in for every member. Members without it can do nothing else until they set it up,
 * from their next call on; the Admin must have their own on first (the server refuses otherwise, with the reason).
 */
function TwoFactorRequirement() {
  const settings = useQuery(securitySettingsQuery());
  const change = useRequireTwoFactor();
  // While the change is on its way the switch shows what was asked for, from the click on: the mutation's own
  // pending state arrives a render later, and a controlled switch would flick back meanwhile.
  const [asked, setAsked] = useState<boolean | null>(null);
  const required = asked ?? settings.data?.requireTwoFactor ?? false;
  return (
    <div className="card mb-4">
      <div className="card-body d-flex flex-wrap align-items-center justify-content-between gap-2">
        <div className="form-check form-switch m-0">
          <input
            className="form-check-input"
            type="checkbox"
            role="switch"
            id="require-two-factor"
            checked={required}
            disabled={!settings.data || change.isPending}
            onChange={(e) => {
              setAsked(e.target.checked);
              change.mutate(e.target.checked, {
                onSuccess: (a) => toast.success(a.message),
                onError: (error) => toast.error(errorMessage(error)),
                onSettled: () => setAsked(null),
              });
            }}
          />
          <label className="form-check-label fw-semibold" htmlFor="require-two-factor">
            Require two-factor sign-in for every member
          </label>
        </div>
        <span className="small text-muted">
          Members without it must set it up at once: those signed in at their next step, the others after their
          password. Turn on your own first.
        </span>
      </div>
    </div>
  );
}

export function ManageTeamPage() {
  useDocumentTitle('Manage Team');
  return (
    <RequirePermission permission="team:manage">
      <ManageTeam />
    </RequirePermission>
  );
}
