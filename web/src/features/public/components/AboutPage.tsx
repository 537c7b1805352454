import { mission, purpose, values, vision } from '../content';
import { HorizonIcon, TargetIcon } from './icons';
import '../public.css';

export default function AboutPage() {
  return (
    <div className="page">
      <header className="page-header">
        <p className="eyebrow">About Us</p>
        <h1>Reclaim your time</h1>
        <p className="lead">{purpose}</p>
      </header>

      <div className="about__statements">
        <section className="card statement">
          <div className="info-card__icon">
            <TargetIcon />
          </div>
          <h2>Mission</h2>
          <p>{mission}</p>
        </section>
        <section className="card statement">
          <div className="info-card__icon">
            <HorizonIcon />
          </div>
          <h2>Vision</h2>
          <p>{vision}</p>
        </section>
      </div>

      <section className="about__values" aria-labelledby="values-title">
        <h2 id="values-title">Values</h2>
        <ul className="values">
          {values.map((value) => (
            <li key={value} className="value">
              <span className="value__mark" aria-hidden="true">
                {value.charAt(0)}
              </span>
              {value}
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
