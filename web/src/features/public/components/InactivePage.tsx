import { Link } from 'react-router-dom';
import { paths } from '../../../paths';
import '../public.css';

export default function InactivePage() {
  return (
    <div className="page page--narrow">
      <section className="card notice">
        <h1>Your account is not active.</h1>
        <p>If your account is new, an administrator will reach out to you soon to activate it.</p>
        <p>
          If you believe this is an error, please <Link to={paths.contact.path}>contact us</Link>.
        </p>
      </section>
    </div>
  );
}
