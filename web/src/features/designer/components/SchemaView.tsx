import { useAssistantSchema } from '../api/get-assistant-schema';

/** What a model call is given: the output components compiled to a JSON Schema, and the assistant's functions. */
export function SchemaView({ assistantId }: { assistantId: string }) {
  const { data, error, isPending } = useAssistantSchema(assistantId);
  return (
    <section className="assistant-section" aria-label="JSON Schema">
      <h3>JSON Schema</h3>
      {isPending && <p className="muted">Compiling...</p>}
      {error && <p className="designer-form__problem">{error.message}</p>}
      {data && (
        <>
          <h4>Output</h4>
          {data.schema ? (
            <pre className="schema-view" data-testid="assistant-schema">
              {JSON.stringify(data.schema, null, 2)}
            </pre>
          ) : (
            <p className="muted" data-testid="assistant-schema">
              No output components: the assistant answers in free text.
            </p>
          )}
          <h4>Functions</h4>
          {data.functions.length ? (
            <pre className="schema-view" data-testid="assistant-functions-schema">
              {JSON.stringify(data.functions, null, 2)}
            </pre>
          ) : (
            <p className="muted">No functions.</p>
          )}
        </>
      )}
    </section>
  );
}
