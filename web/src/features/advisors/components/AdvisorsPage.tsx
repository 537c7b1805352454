import { LoadError, loadFailure } from '../../../components/LoadError';
import { useAdvisors } from '../api/get-advisors';
import './advisors.css';

export default function AdvisorsPage() {
  const advisors = useAdvisors();
  const { data, isPending, isError } = advisors;
  return (
    <div className="page">
      <header className="page-header">
        <h1>Advisors</h1>
        <p className="lead">The advisors you can put on a project's board.</p>
      </header>
      {isPending && <p className="muted">Loading advisors...</p>}
      {isError && <LoadError {...loadFailure(advisors, 'The advisors could not be loaded.')!} />}
      {data?.length === 0 && <p className="muted">No advisors are ready yet.</p>}
      {data && data.length > 0 && (
        <ul className="advisor-grid" aria-label="Advisors">
          {data.map((advisor) => (
            <li key={advisor.id} className="card advisor-card">
              <h2>{advisor.name}</h2>
              {advisor.description && <p>{advisor.description}</p>}
              {advisor.tags.length > 0 && (
                <ul className="advisor-card__tags" aria-label={`Tags of ${advisor.name}`}>
                  {advisor.tags.map((tag) => (
                    <li key={tag.id} className="advisor-tag">{tag.name}</li>
                  ))}
                </ul>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
