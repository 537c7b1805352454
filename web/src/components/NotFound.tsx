import { Link } from 'react-router-dom';
import { paths } from '../paths';

export function NotFound() {
  return (
    <section className="page page--narrow not-found">
      <p className="eyebrow">404</p>
      <h1>Page not found</h1>
      <p className="lead">The page you are looking for does not exist or has moved.</p>
      <Link to={paths.home.getHref()} className="button button--primary">
        Back to home
      </Link>
    </section>
  );
}
