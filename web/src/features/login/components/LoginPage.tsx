import { Link, useSearchParams } from 'react-router-dom';
import { appName, logoUrl } from '../../../config';
import { paths } from '../../../paths';
import { useAuth } from '../../../lib/auth/hooks';
import { rememberSignInIntent } from '../../../lib/auth/intent';
import { displayName } from '../../../lib/auth/permissions';
import { safeRedirect } from '../../../lib/auth/redirects';
import { useProviders } from '../api/get-providers';
import { DevLoginForm } from './DevLoginForm';
import { GoogleMark } from './GoogleMark';
import '../login.css';

export default function LoginPage() {
  const { user } = useAuth();
  const providers = useProviders();
  const [params] = useSearchParams();
  const redirect = safeRedirect(params.get('redirect'));

  return (
    <div className="page page--narrow login">
      <section className="card login__card">
        <img className="login__logo" src={logoUrl} alt="" width={64} height={64} />
        <h1>Sign in</h1>
        <p className="muted">Welcome to {appName}, your virtual advisory board.</p>

        {user ? (
          <div className="login__signed-in">
            <p>You are signed in as {displayName(user)}.</p>
            <Link to={paths.dashboard.path} className="button button--primary button--block">
              Go to Dashboard
            </Link>
          </div>
        ) : (
          <>
            {providers.data?.google ? (
              <a className="google-button" href={paths.api.googleSignIn} onClick={() => rememberSignInIntent(redirect)}>
                <GoogleMark />
                <span>Sign in with Google</span>
              </a>
            ) : (
              <button type="button" className="google-button" disabled title="Coming soon">
                <GoogleMark />
                <span>Sign in with Google</span>
                <span className="soon-badge">Coming soon</span>
              </button>
            )}
            <DevLoginForm />
          </>
        )}
      </section>
    </div>
  );
}
