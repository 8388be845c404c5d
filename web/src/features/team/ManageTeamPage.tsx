/** Manage Team (spec section 2): the add/edit form and the Team Member List. */
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useParams } from 'react-router';
import { toast } from 'react-toastify';
import { decodeOrderId } from '../../../../shared/ids';
import type { TeamMember } from '../../../../shared/schemas/team';
import { ApiError } from '../../lib/api';
import { useAuth } from '../../lib/auth-context';
import { paths } from '../../lib/paths';
import { useDocumentTitle } from '../../lib/use-document-title';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { PageHeader } from '../../components/PageHeader';
import { RequirePermission } from '../../components/RequirePermission';
import { teamListQuery, teamMemberQuery } from './api/team-queries';
import { useDeleteMember, useSaveMember } from './api/team-mutations';
import { TeamMemberForm } from './TeamMemberForm';

const errorText = (error: unknown) => (error instanceof ApiError ? error.message : 'Something went wrong. Please try again.');

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

  const submit = async (values: { name: string; email: string; password: string; type: string; tmId?: number }) => {
    try {
      const answer = await save.mutateAsync(values as never);
      toast.success(answer.message);
      if (editingId !== null) void navigate(paths.admin.manageTeam);
      return true;
    } catch (error) {
      toast.error(errorText(error));
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
      toast.error(errorText(error));
    } finally {
      setToDelete(null);
    }
  };

  return (
    <>
      <PageHeader title="Manage Team" />
      <div className="card mb-4">
        <div className="card-header bg-white fw-semibold">{editingId !== null ? `Edit ${editing.data?.name ?? 'team member'}` : 'Add Team Member'}</div>
        <div className="card-body">
          {editingId !== null && editing.isError ? (
            <div className="alert alert-warning mb-0">{errorText(editing.error)} <Link to={paths.admin.manageTeam}>Add a member instead</Link></div>
          ) : (
            <TeamMemberForm editing={editing.data} busy={save.isPending} onSubmit={submit} onCancel={() => void navigate(paths.admin.manageTeam)} />
          )}
        </div>
      </div>
      <div className="card">
        <div className="card-header bg-white fw-semibold">Team Member List</div>
        <div className="table-responsive">
          <table className="table table-hover align-middle mb-0">
            <thead className="table-light"><tr><th>#</th><th>Name</th><th>Email</th><th>Member Role</th><th className="text-end">Action</th></tr></thead>
            <tbody>
              {list.isPending ? <tr><td colSpan={5} className="text-center text-muted py-4">Loading…</td></tr> : null}
              {list.isError ? <tr><td colSpan={5} className="text-danger py-4">{errorText(list.error)}</td></tr> : null}
              {list.data?.length === 0 ? <tr><td colSpan={5} className="text-center text-muted py-4">No records found</td></tr> : null}
              {list.data?.map((member, index) => (
                <tr key={member.id}>
                  <td>{index + 1}</td>
                  <td>{member.name}</td>
                  <td className="text-break">{member.email}</td>
                  <td>{member.type}</td>
                  <td className="text-end text-nowrap">
                    {member.type === 'Admin' && user?.type !== 'Admin' ? <span className="small text-muted">Admin only</span> : (
                      <>
                        <Link className="btn btn-sm btn-outline-primary me-2" to={paths.admin.editTeamMember(member.id)}>Edit</Link>
                        <button type="button" className="btn btn-sm btn-outline-danger" disabled={member.id === user?.id} title={member.id === user?.id ? 'You cannot delete your own account' : undefined} onClick={() => setToDelete(member)}>Delete</button>
                      </>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </div>
      <ConfirmDialog show={!!toDelete} message="Are you sure you want to delete?" busy={remove.isPending} onConfirm={() => void confirmDelete()} onCancel={() => setToDelete(null)} />
    </>
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
