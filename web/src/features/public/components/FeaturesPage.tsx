import { features } from '../content';
import '../public.css';

export default function FeaturesPage() {
  return (
    <div className="page">
      <header className="page-header">
        <p className="eyebrow">Features</p>
        <h1>Everything your advisory board brings to the table</h1>
        <p className="lead">Fourteen tools that turn business challenges into actionable strategies.</p>
      </header>

      <ol className="feature-grid">
        {features.map((feature, index) => (
          <li key={feature.title} className="card feature">
            <span className="feature__number" aria-hidden="true">
              {String(index + 1).padStart(2, '0')}
            </span>
            <h2 className="feature__title">{feature.title}</h2>
            <p className="feature__text">{feature.description}</p>
          </li>
        ))}
      </ol>
    </div>
  );
}
