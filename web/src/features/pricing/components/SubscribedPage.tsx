import { Link, useLocation } from 'react-router-dom';
import { paths } from '../../../paths';
import { checkoutKind, checkoutTexts } from '../checkout-kind';
import '../pricing.css';

export default function SubscribedPage() {
  const texts = checkoutTexts[checkoutKind(useLocation().search)];
  return (
    <div className="page page--narrow">
      <section className="card notice subscribed">
        <h1>{texts.thanks}</h1>
        <p>{texts.detail}</p>
        <Link to={paths.projects.path} className="button button--primary">
          Go to Projects
        </Link>
      </section>
    </div>
  );
}
