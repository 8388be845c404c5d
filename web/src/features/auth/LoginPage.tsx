/** Admin login (spec section 2 "Admin login", section 4 "Login"). */
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { Navigate, useNavigate } from 'react-router';
import { toast } from 'react-toastify';
import { loginSchema, type LoginInput } from '../../../../shared/schemas/auth';
import { api, ApiError } from '../../lib/api';
import { useAuth } from '../../lib/auth-context';
import { APP_NAME } from '../../lib/app-name';
import { paths } from '../../lib/paths';
import { FormField } from '../../components/FormField';
import './login.css';

interface LoginAnswer { id: number; name: string; email: string; type: string }

export function LoginPage() {
  const { isAuth, signIn } = useAuth();
  const navigate = useNavigate();
  const form = useForm<LoginInput>({ resolver: zodResolver(loginSchema), defaultValues: { email: '', password: '' } });
  const login = useMutation({
    mutationFn: (values: LoginInput) => api.post<LoginAnswer>('admin/admin-login', values),
    onSuccess: (answer) => {
      signIn(String(answer.jwtToken));
      toast.success(answer.message);
      void navigate(paths.admin.home);
    },
    onError: (error) => toast.error(error instanceof ApiError ? error.message : 'Sign-in failed. Please try again.'),
  });

  if (isAuth) return <Navigate to={paths.admin.home} replace />;
  const { errors } = form.formState;
  return (
    <div className="login-page d-flex align-items-center justify-content-center">
      <div className="card login-card shadow-sm w-100">
        <div className="row g-0">
          <div className="col-md-5 login-brand d-flex flex-column align-items-center justify-content-center text-center p-4">
            <img src="/logo.svg" alt="" width={88} height={88} className="mb-3" />
            <div className="fw-bold fs-5">{APP_NAME.toUpperCase()}</div>
            <div className="small opacity-75 mt-1">Staff back-office</div>
          </div>
          <div className="col-md-7 p-4 p-md-5">
            <h1 className="h4 mb-4">Sign In</h1>
            <form noValidate onSubmit={form.handleSubmit((values) => login.mutate(values))}>
              <FormField label="Email" type="email" autoComplete="username" registration={form.register('email')} error={errors.email} />
              <FormField label="Password" type="password" autoComplete="current-password" registration={form.register('password')} error={errors.password} />
              <button type="submit" className="btn btn-primary w-100 mt-2" disabled={login.isPending}>
                {login.isPending ? 'Signing in…' : 'Sign In'}
              </button>
            </form>
          </div>
        </div>
      </div>
    </div>
  );
}
