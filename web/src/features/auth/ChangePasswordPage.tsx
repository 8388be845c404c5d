/** Update Password (product: screens.md#settings); a success ends the session (product: roles.md#passwords). */
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { toast } from 'react-toastify';
import { changePasswordSchema, type ChangePasswordInput } from '../../../../shared/schemas/auth-forms';
import { api, ApiError } from '../../lib/api';
import { useAuth } from '../../lib/auth-context';
import { paths } from '../../lib/paths';
import { FormField } from '../../components/FormField';
import { PageHeader } from '../../components/PageHeader';
import { RequirePermission } from '../../components/RequirePermission';

export function ChangePasswordPage() {
  const { signOut } = useAuth();
  const navigate = useNavigate();
  const form = useForm<ChangePasswordInput>({
    resolver: zodResolver(changePasswordSchema),
    defaultValues: { newPassword: '' },
  });
  const change = useMutation({
    mutationFn: (values: ChangePasswordInput) => api.post<null>('admin/change-password', values),
    onSuccess: (answer) => {
      toast.success(answer.message);
      signOut();
      void navigate(paths.login);
    },
    onError: (error) => toast.error(error instanceof ApiError ? error.message : 'Could not change the password.'),
  });
  return (
    <RequirePermission permission="password:change">
      <PageHeader title="Update Password" />
      <div className="card" style={{ maxWidth: 520 }}>
        <div className="card-body">
          <form noValidate onSubmit={form.handleSubmit((values) => change.mutate(values))}>
            <FormField
              label="New Password"
              type="password"
              autoComplete="new-password"
              registration={form.register('newPassword')}
              error={form.formState.errors.newPassword}
            />
            <button type="submit" className="btn btn-primary" disabled={change.isPending}>
              Update Password
            </button>
          </form>
          <p className="small text-muted mt-3 mb-0">
            After the change you will be signed out everywhere and sign in again with the new password.
          </p>
        </div>
      </div>
    </RequirePermission>
  );
}
