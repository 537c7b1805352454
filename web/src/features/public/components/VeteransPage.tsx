import { useEffect } from 'react';
import { veteransSiteUrl } from '../../../config';
import '../public.css';

export default function VeteransPage() {
  useEffect(() => {
    window.location.replace(veteransSiteUrl);
  }, []);

  return (
    <div className="page page--narrow redirecting" role="status">
      <span className="loading__spinner" aria-hidden="true" />
      <p>Redirecting to Veterans Resources...</p>
    </div>
  );
}
