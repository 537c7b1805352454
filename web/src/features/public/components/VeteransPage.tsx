import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import { Loading } from '../../../components/Loading';
import { useRuntimeConfig } from '../../../lib/runtime-config';
import { paths } from '../../../paths';
import '../public.css';

const REDIRECT_AFTER_MS = 600;

/** Leaves for the partner's veterans-resources site (spec), or says it is coming when none is configured. */
export default function VeteransPage() {
  const { config, isPending } = useRuntimeConfig();
  const site = config.veteransSiteUrl;

  // The redirect text stays a moment before the page leaves, so it is read (and not lost to a
  // navigation that starts in the same frame as the render: a busy run's browser test missed it).
  useEffect(() => {
    if (!site) return;
    const timer = window.setTimeout(() => window.location.replace(site), REDIRECT_AFTER_MS);
    return () => window.clearTimeout(timer);
  }, [site]);

  if (isPending) return <Loading />;
  if (!site) {
    return (
      <div className="page page--narrow veterans-soon">
        <section className="card notice">
          <h1>Veterans Resources are coming soon</h1>
          <p>We are preparing a veterans-resources site with our partner historical society. Please check back later.</p>
          <Link to={paths.home.path} className="button button--primary">
            Back to the home page
          </Link>
        </section>
      </div>
    );
  }
  return (
    <div className="page page--narrow redirecting" role="status">
      <span className="loading__spinner" aria-hidden="true" />
      <p>Redirecting to Veterans Resources...</p>
    </div>
  );
}
