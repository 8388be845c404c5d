import { z } from 'zod';
import { ROLES } from '../roles';
import { serialIdField, textField } from './fields';

const name = textField('Name', { error: 'Please enter your name.' })
  .trim()
  .min(1, 'Please enter your name.')
  .max(100, 'Name must be at most 100 characters.');
const email = textField('Email', { error: 'Please enter your email.' })
  .trim()
  .min(1, 'Please enter your email.')
  .pipe(z.email('Please enter your email.'));
const type = z.enum(ROLES, { error: 'Please select type.' });

export const addTeamMemberSchema = z.object({
  name,
  email,
  password: textField('Password', { error: 'Please enter your password.' })
    .min(1, 'Please enter your password.')
    .min(6, 'Password must be at least 6 characters.')
    .max(200),
  type,
});
export type AddTeamMemberInput = z.input<typeof addTeamMemberSchema>;

/** On edit the password may stay empty, which keeps the current one. */
export const updateTeamMemberSchema = z.object({
  tmId: serialIdField('Team member id'),
  name,
  email,
  password: textField('Password')
    .max(200)
    .refine((p) => p === '' || p.length >= 6, 'Password must be at least 6 characters.')
    .default(''),
  type,
});
export type UpdateTeamMemberInput = z.input<typeof updateTeamMemberSchema>;

export const teamMemberSchema = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string(),
  type: z.string(),
});
export type TeamMember = z.infer<typeof teamMemberSchema>;

/** The member types the caller may give (a Manager may not give Admin). */
export const memberTypesSchema = z.array(z.string());
