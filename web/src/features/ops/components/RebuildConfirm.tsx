import { Modal } from '../../../components/Modal';
import type { ProjectionStatus } from '../types';

interface Props {
  projection: ProjectionStatus | null;
  busy: boolean;
  onCancel: () => void;
  onConfirm: (name: string) => void;
}

export function RebuildConfirm({ projection, busy, onCancel, onConfirm }: Props) {
  return (
    <Modal
      open={projection !== null}
      onClose={onCancel}
      title={projection ? `Rebuild ${projection.name}?` : undefined}
      footer={
        <>
          <button type="button" className="button button--secondary" onClick={onCancel}>
            Cancel
          </button>
          <button type="button" className="button button--copper" disabled={busy} onClick={() => projection && onConfirm(projection.name)}>
            Start rebuild
          </button>
        </>
      }
    >
      {projection && (
        <p>
          The read model <strong>{projection.name}</strong> will be built again from the first event of the log into new tables
          (version {projection.version + 1}). Version {projection.version} keeps answering until the new one has caught up, then
          the new one takes its place.
        </p>
      )}
    </Modal>
  );
}
