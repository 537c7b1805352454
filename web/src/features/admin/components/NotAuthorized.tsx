import { Link } from 'react-router-dom';
import { paths } from '../../../paths';

export function NotAuthorized() {
  return (
    <section className="page page--narrow not-authorized">
      <div className="card notice">
        <p className="eyebrow">403</p>
        <h1>Not authorized</h1>
        <p>You are not authorized to view this page. Ask an administrator for access if you need it.</p>
        <Link to={paths.dashboard.path} className="button button--primary">
          Go to Dashboard
        </Link>
      </div>
    </section>
  );
}
