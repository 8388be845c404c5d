import { z } from 'zod';
import { ROLES } from '../roles';

const name = z.string({ error: 'Please enter your name.' }).trim().min(1, 'Please enter your name.').max(100, 'Name must be at most 100 characters.');
const email = z.string({ error: 'Please enter your email.' }).trim()
  .min(1, 'Please enter your email.')
  .pipe(z.email('Please enter your email.'));
const type = z.enum(ROLES, { error: 'Please select type.' });

export const addTeamMemberSchema = z.object({
  name,
  email,
  password: z.string({ error: 'Please enter your password.' }).min(1, 'Please enter your password.')
    .min(6, 'Password must be at least 6 characters.').max(200),
  type,
});
export type AddTeamMemberInput = z.input<typeof addTeamMemberSchema>;

/** On edit the password may stay empty, which keeps the current one. */
export const updateTeamMemberSchema = z.object({
  tmId: z.coerce.number().int().positive(),
  name,
  email,
  password: z.string().max(200).refine((p) => p === '' || p.length >= 6, 'Password must be at least 6 characters.').default(''),
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
