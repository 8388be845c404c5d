import { useEffect } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { addTeamMemberSchema, updateTeamMemberSchema, type TeamMember } from '../../../../shared/schemas/team';
import { FormField } from '../../components/FormField';
import { memberTypesQuery } from './api/team-queries';

interface FormValues {
  name: string;
  email: string;
  password: string;
  type: string;
  tmId?: number;
}

interface TeamMemberFormProps {
  editing?: TeamMember | undefined;
  busy: boolean;
  onSubmit(values: FormValues): Promise<boolean>;
  onCancel(): void;
}

/** Add a member, or edit one (an empty password keeps the current one). */
export function TeamMemberForm({ editing, busy, onSubmit, onCancel }: TeamMemberFormProps) {
  const types = useQuery(memberTypesQuery());
  const empty: FormValues = { name: '', email: '', password: '', type: '' };
  const form = useForm<FormValues>({
    // The schemas' input types differ only in tmId; the resolver validates the one that applies.
    resolver: zodResolver(editing ? updateTeamMemberSchema : addTeamMemberSchema) as unknown as Resolver<FormValues>,
    defaultValues: empty,
  });
  useEffect(() => {
    form.reset(
      editing
        ? { name: editing.name, email: editing.email, password: '', type: editing.type, tmId: editing.id }
        : empty,
    );
    // eslint-disable-next-line react-hooks/exhaustive-deps -- reset when another member is chosen, not on a refetch of the same one
  }, [editing?.id]);
  const { errors } = form.formState;
  const typeOptions = types.data ?? [];
  const currentTypeMissing = editing && !typeOptions.includes(editing.type);

  return (
    <form
      noValidate
      onSubmit={form.handleSubmit(async (values) => {
        if ((await onSubmit(values)) && !editing) form.reset(empty);
      })}
    >
      <div className="row g-3">
        <FormField className="col-md-6" label="Name" registration={form.register('name')} error={errors.name} />
        <FormField
          className="col-md-6"
          label="Email"
          type="email"
          autoComplete="off"
          registration={form.register('email')}
          error={errors.email}
        />
        <FormField
          className="col-md-6"
          label={editing ? 'Password (leave empty to keep)' : 'Password'}
          type="password"
          autoComplete="new-password"
          registration={form.register('password')}
          error={errors.password}
        />
        <div className="col-md-6">
          <label className="form-label" htmlFor="type">
            Type
          </label>
          <select
            id="type"
            className={`form-select ${errors.type ? 'is-invalid' : ''}`}
            {...form.register('type')}
            disabled={!!currentTypeMissing}
          >
            <option value="">Select type</option>
            {typeOptions.map((t) => (
              <option key={t} value={t}>
                {t}
              </option>
            ))}
            {currentTypeMissing ? <option value={editing.type}>{editing.type}</option> : null}
          </select>
          {errors.type?.message ? <div className="invalid-feedback">{errors.type.message}</div> : null}
        </div>
      </div>
      <div className="d-flex gap-2 mt-3">
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {editing ? 'Update Member' : 'Add Member'}
        </button>
        {editing ? (
          <button type="button" className="btn btn-outline-secondary" onClick={onCancel}>
            Cancel
          </button>
        ) : null}
      </div>
    </form>
  );
}
