import { useAssistantSchema } from '../api/get-assistant-schema';

/** What a model call will be asked to return: the output components compiled to a JSON Schema. */
export function SchemaView({ assistantId }: { assistantId: string }) {
  const { data, error, isPending } = useAssistantSchema(assistantId);
  return (
    <section className="assistant-section" aria-label="JSON Schema">
      <h3>JSON Schema</h3>
      {isPending && <p className="muted">Compiling...</p>}
      {error && <p className="designer-form__problem">{error.message}</p>}
      {data && (
        <pre className="schema-view" data-testid="assistant-schema">
          {JSON.stringify(data, null, 2)}
        </pre>
      )}
    </section>
  );
}
