import { Link } from 'react-router-dom';
import { useAuth } from '../../../lib/auth/hooks';
import { paths } from '../../../paths';
import '../public.css';

/** Spec texts, and for an account an admin disabled, the reason (issue 12). */
export default function InactivePage() {
  const auth = useAuth();
  const disabled = auth.status === 'signedOut' && auth.accountStatus === 'disabled';
  return (
    <div className="page page--narrow">
      <section className="card notice">
        <h1>Your account is not active.</h1>
        {disabled ? (
          <p data-testid="inactive-reason">An administrator has disabled your account, so you cannot use the advisory board for now.</p>
        ) : (
          <p>If your account is new, an administrator will reach out to you soon to activate it.</p>
        )}
        <p>
          If you believe this is an error, please <Link to={paths.contact.path}>contact us</Link>.
        </p>
      </section>
    </div>
  );
}
