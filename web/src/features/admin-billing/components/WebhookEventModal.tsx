import { Modal } from '../../../components/Modal';
import { useWebhookEvent } from '../api/get-webhook-event';

/** The raw JSON of one webhook event, as Stripe sent it. */
export function WebhookEventModal({ id, onClose }: { id: number | null; onClose: () => void }) {
  const event = useWebhookEvent(id);
  return (
    <Modal open={id !== null} onClose={onClose} title={event.data ? event.data.type : 'Webhook event'}>
      {event.isPending && <p className="muted">Loading...</p>}
      {event.isError && <p className="muted">Failed to load the event.</p>}
      {event.data && (
        <>
          {event.data.reason && (
            <p>
              <strong>Reason:</strong> {event.data.reason}
            </p>
          )}
          <pre className="raw-json" data-testid="raw-event">
            {JSON.stringify(event.data.raw_event, null, 2)}
          </pre>
        </>
      )}
    </Modal>
  );
}
