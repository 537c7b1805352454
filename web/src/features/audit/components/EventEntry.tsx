import { Link } from 'react-router-dom';
import { formatNumber } from '../../../lib/format';
import { Moment, WithMoments } from '../../../components/Moment';
import { paths } from '../../../paths';
import { balanceAfter, carriedAfter, creditChange, heldChange, ledgerSummary, prettyJson, usageLines } from '../history';
import type { StreamEvent } from '../types';
import { UsageLines } from './UsageLines';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Who acted: a user by name when the viewer may read names (the id on hover), else the id. */
function Actor({ actor, users }: { actor: string | undefined; users: ReadonlyMap<string, string> }) {
  if (!actor) return <span className="muted">unknown</span>;
  if (!UUID.test(actor)) return <span>{actor}</span>;
  const name = users.get(actor);
  return (
    <Link to={paths.admin.history.getHref('user', actor)} title={`History of this user (${actor})`}>
      {name ?? <code>{actor}</code>}
    </Link>
  );
}

/** One event of the timeline: when, what, who, under which command, its data and (for credits) the balance after it. */
export function EventEntry({ event, users }: { event: StreamEvent; users: ReadonlyMap<string, string> }) {
  const balance = balanceAfter(event);
  const change = creditChange(event);
  const summary = ledgerSummary(event);
  const held = heldChange(event);
  const usage = usageLines(event);
  const { actor, correlation_id: correlationId } = event.metadata;
  return (
    <li className={`timeline__entry${balance !== null ? ' timeline__entry--credit' : ''}`} data-testid="history-event">
      <header className="timeline__head">
        <span className="timeline__seq">#{event.streamPosition}</span>
        <strong className="timeline__type">{event.type}</strong>
        <Moment at={event.createdAt} seconds className="timeline__time" />
      </header>
      {summary && (
        <p className="timeline__summary" data-testid="event-summary">
          <WithMoments text={summary} />
          {held !== null && held !== 0 && <span className="timeline__held">Held {held > 0 ? `+${formatNumber(held)}` : formatNumber(held)}</span>}
        </p>
      )}
      {usage && <UsageLines lines={usage} carried={carriedAfter(event)} />}
      {balance !== null && (
        <p className="timeline__balance" data-testid="balance-after">
          {change !== null && <span className={`timeline__change ${change < 0 ? 'is-down' : 'is-up'}`}>{change > 0 ? `+${formatNumber(change)}` : formatNumber(change)}</span>}
          Balance after: <strong>{formatNumber(balance)}</strong>
        </p>
      )}
      <dl className="timeline__meta">
        <dt>Actor</dt>
        <dd>
          <Actor actor={typeof actor === 'string' ? actor : undefined} users={users} />
        </dd>
        {event.member && (
          <>
            <dt>Member</dt>
            <dd data-testid="event-member">
              {event.member.name || event.member.email} <span className="muted">{event.member.email}</span>
            </dd>
          </>
        )}
        <dt>Correlation id</dt>
        <dd>{typeof correlationId === 'string' ? <code>{correlationId}</code> : <span className="muted">none</span>}</dd>
        <dt>Log position</dt>
        <dd>{event.position}</dd>
      </dl>
      <pre className="timeline__data" aria-label={`Data of event ${event.streamPosition}`}>
        {prettyJson(event.data)}
      </pre>
      <details className="timeline__more">
        <summary>Metadata</summary>
        <pre className="timeline__data">{prettyJson(event.metadata)}</pre>
      </details>
    </li>
  );
}
