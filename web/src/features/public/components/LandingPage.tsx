import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { SoonButton } from '../../../components/SoonButton';
import { useRuntimeConfig } from '../../../lib/runtime-config';
import { paths } from '../../../paths';
import { mission, purpose, vision } from '../content';
import { ArrowRightIcon, CompassIcon, HorizonIcon, TargetIcon } from './icons';
import '../public.css';

function InfoCard({ icon, title, children, action }: { icon: ReactNode; title: string; children: ReactNode; action?: ReactNode }) {
  return (
    <article className="card info-card">
      <div className="info-card__icon">{icon}</div>
      <h2 className="info-card__title">{title}</h2>
      <p className="info-card__text">{children}</p>
      {action && <div className="info-card__action">{action}</div>}
    </article>
  );
}

export default function LandingPage() {
  const { config } = useRuntimeConfig();
  return (
    <div className="landing">
      <section className="hero">
        <div className="hero__content">
          <h1 className="hero__title">Turn business challenges into actionable strategies</h1>
          <p className="hero__subtitle">A virtual advisory board for entrepreneurs and business owners.</p>
          {config.veteransSiteUrl ? (
            <Link to={paths.veterans.path} className="button button--gold">
              Veterans Resources
            </Link>
          ) : (
            <SoonButton className="button--gold">Veterans Resources</SoonButton>
          )}
        </div>
      </section>

      <section className="page landing__cards" aria-label="About the platform">
        <InfoCard icon={<CompassIcon />} title="Platform" action={<SoonButton>Reclaiming Your Time</SoonButton>}>
          {purpose}
        </InfoCard>
        <InfoCard icon={<TargetIcon />} title="Mission">
          {mission}
        </InfoCard>
        <InfoCard icon={<HorizonIcon />} title="Vision" action={<SoonButton>Success Stories</SoonButton>}>
          {vision}
        </InfoCard>
      </section>

      <section className="page landing__explore">
        <p className="lead">Fourteen tools built to help you decide faster and with more confidence.</p>
        <Link to={paths.features.path} className="button button--primary button--large">
          Explore Our Tools <ArrowRightIcon />
        </Link>
      </section>

      <section className="landing__placeholder">
        <p>Hello world.</p>
      </section>
    </div>
  );
}
