import { Link } from 'react-router-dom';
import { ContactForm } from '../../../components/ContactForm';
import { paths } from '../../../paths';
import './support.css';

export default function SupportPage() {
  return (
    <div className="page page--narrow">
      <header className="page-header">
        <p className="eyebrow">Support</p>
        <h1>How can we help?</h1>
        <p className="lead">
          Stuck on a project, unsure which advisors to choose, or something does not work as it should? We are here to help.
        </p>
      </header>
      <section className="card support-help">
        <h2>Before you write</h2>
        <ul>
          <li>
            Start from your <Link to={paths.projects.path}>projects</Link>: each one holds a business challenge and its board.
          </li>
          <li>
            Browse the <Link to={paths.advisors.path}>advisors</Link> you can put on a board.
          </li>
          <li>
            Credits and your plan are on your <Link to={paths.profile.path}>profile</Link>.
          </li>
        </ul>
        <p className="muted">Otherwise, send us a message below: we answer within one business day.</p>
      </section>
      <ContactForm />
    </div>
  );
}
