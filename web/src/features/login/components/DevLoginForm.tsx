import { useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useToast } from '../../../components/Toast';
import { safeRedirect } from '../../../lib/auth/redirects';
import { isJoinPath, paths } from '../../../paths';
import { useDevLogin } from '../api/dev-login';
import { useProviders } from '../api/get-providers';

/** Email + name sign-in for development; shown only when the server offers it. */
/** A new account that signed in to accept an invitation goes back to it (accepting activates it). */
const invitedTo = (redirect: string | null) => {
  const target = safeRedirect(redirect);
  return target && isJoinPath(target.split(/[?#]/)[0]) ? target : null;
};

export function DevLoginForm() {
  const providers = useProviders();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const toast = useToast();
  const [email, setEmail] = useState('');
  const [name, setName] = useState('');
  // Back to the page the sign-in was for (the layout sends a user without an organization to /profile first).
  const login = useDevLogin({
    onSuccess: ({ active }) =>
      navigate(active ? (safeRedirect(params.get('redirect')) ?? `${paths.home.path}?logged_in=true`) : invitedTo(params.get('redirect')) ?? paths.inactive.path, { replace: true }),
  });

  if (!providers.data?.dev) return null;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    login.mutate({ email: email.trim(), name: name.trim() }, { onError: (err) => toast.error(err.message) });
  };

  return (
    <form className="dev-login" onSubmit={onSubmit}>
      <div className="divider">
        <span>Developer sign-in</span>
      </div>
      <label className="field">
        <span className="field__label">Email</span>
        <input className="input" type="email" required autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} />
      </label>
      <label className="field">
        <span className="field__label">Name</span>
        <input className="input" required autoComplete="name" value={name} onChange={(e) => setName(e.target.value)} />
      </label>
      <button type="submit" className="button button--primary button--block" disabled={login.isPending}>
        {login.isPending ? 'Signing in...' : 'Sign in'}
      </button>
    </form>
  );
}
