import { Link } from 'react-router-dom';
import { paths } from '../../../paths';
import '../pricing.css';

export default function SubscribedPage() {
  return (
    <div className="page page--narrow">
      <section className="card notice subscribed">
        <h1>Thank you for subscribing!</h1>
        <p>You have subscribed. It may take a while for your subscription and credits to go through.</p>
        <Link to={paths.projects.path} className="button button--primary">
          Go to Projects
        </Link>
      </section>
    </div>
  );
}
