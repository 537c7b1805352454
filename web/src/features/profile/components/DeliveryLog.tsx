import { useDeliveries, useResend } from '../api/integrations';
import { ListState } from '../../../components/ListState';
import { Moment } from '../../../components/Moment';

/** An endpoint's deliveries, the last answer of each, and Resend. */
export function DeliveryLog({ endpointId }: { endpointId: string }) {
  const log = useDeliveries(endpointId);
  const resend = useResend();
  if (!log.data?.length) return <ListState query={log} empty="No deliveries yet." failed="The deliveries could not be loaded." />;
  return (
    <div className="integrations__log">
      <table className="table">
        <thead>
          <tr>
            <th>Event</th>
            <th>Status</th>
            <th>Attempts</th>
            <th>Last answer</th>
            <th />
          </tr>
        </thead>
        <tbody>
          {log.data.map((d) => {
            const last = d.attemptLog.at(-1);
            return (
              <tr key={d.messageId}>
                <td>
                  {d.type} <Moment className="muted" at={d.createdAt} />
                </td>
                <td>{d.status}</td>
                <td>{d.attempts}</td>
                <td>{last ? (last.error ?? `${last.statusCode}`) + ` (${last.durationMs} ms)` : '—'}</td>
                <td>
                  <button className="button button--small button--secondary" type="button" disabled={resend.isPending} onClick={() => resend.mutate({ id: endpointId, messageId: d.messageId })}>
                    Resend
                  </button>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
