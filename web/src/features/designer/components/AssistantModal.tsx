import { Modal } from '../../../components/Modal';
import { useAssistant } from '../api/get-assistant';
import { AssistantForm } from './AssistantForm';
import { FunctionsEditor } from './FunctionsEditor';
import { SchemaView } from './SchemaView';

export function AssistantModal({ assistantId, onSaved, onClose }: {
  assistantId: string | null;
  onSaved: (id: string) => void;
  onClose: () => void;
}) {
  const { data: assistant, isPending } = useAssistant(assistantId);
  const loading = !!assistantId && isPending;
  return (
    <Modal open onClose={onClose} title={assistantId ? `Edit ${assistant?.name ?? 'assistant'}` : 'New assistant'}>
      {loading && <p className="muted">Loading...</p>}
      {!loading && <AssistantForm assistant={assistant ?? null} onSaved={onSaved} />}
      {assistant && (
        <>
          <FunctionsEditor assistant={assistant} />
          <SchemaView assistantId={assistant.id} />
        </>
      )}
    </Modal>
  );
}
