import { z } from 'zod';

/** Messages exactly as spec section 5 words them. */
export const loginSchema = z.object({
  email: z.string({ error: 'Email Address is required' }).trim()
    .min(1, 'Email Address is required')
    .pipe(z.email('Invalid email address')),
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required'),
});
export type LoginInput = z.input<typeof loginSchema>;

export const changePasswordSchema = z.object({
  newPassword: z.string({ error: 'Please enter your New Password.' })
    .min(1, 'Please enter your New Password.')
    .min(6, 'New Password must be at least 6 characters.')
    .max(200, 'New Password must be at most 200 characters.'),
});
export type ChangePasswordInput = z.input<typeof changePasswordSchema>;
