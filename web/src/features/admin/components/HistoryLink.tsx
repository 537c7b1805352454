import { Link } from 'react-router-dom';
import { paths } from '../../../paths';

/** The History button of a row; shown only to holders of admin.audit.view (the caller checks). */
export function HistoryLink({ kind, id, label }: { kind: 'org' | 'user'; id: string; label: string }) {
  return (
    <Link to={paths.admin.history.getHref(kind, id)} className="button button--small button--secondary" aria-label={`History of ${label}`}>
      History
    </Link>
  );
}
