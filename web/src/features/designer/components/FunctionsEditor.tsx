import { useState, type FormEvent } from 'react';
import { useToast } from '../../../components/Toast';
import { useAddFunction } from '../api/add-function';
import { useDeleteFunction } from '../api/delete-function';
import { useComponents } from '../api/get-components';
import type { Assistant } from '../api/types';

export function FunctionsEditor({ assistant }: { assistant: Assistant }) {
  const toast = useToast();
  const { data: components = [] } = useComponents();
  const add = useAddFunction();
  const remove = useDeleteFunction();
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [returns, setReturns] = useState('');

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    add.reset();
    add.mutate(
      { assistantId: assistant.id, input: { name, description, returns_component: returns || null } },
      {
        onSuccess: () => {
          setName('');
          setDescription('');
          setReturns('');
        },
      },
    );
  };

  return (
    <section className="assistant-section" aria-label="Functions">
      <h3>Functions</h3>
      {assistant.functions.length === 0 && <p className="muted">No functions.</p>}
      <ul className="function-list">
        {assistant.functions.map((fn) => (
          <li key={fn.id} className="function-list__item">
            <div>
              <code>{fn.name}</code>
              {fn.returns_component_name && <span className="muted"> → {fn.returns_component_name}</span>}
              {fn.description && <p className="muted">{fn.description}</p>}
            </div>
            <button
              type="button"
              className="button button--secondary button--small"
              aria-label={`Remove function ${fn.name}`}
              disabled={remove.isPending}
              onClick={() =>
                remove.mutate({ functionId: fn.id, assistantId: assistant.id }, { onError: (err) => toast.error(err.message) })
              }
            >
              Remove
            </button>
          </li>
        ))}
      </ul>
      <form className="function-form" onSubmit={onSubmit} aria-label="Add a function">
        <input className="input" aria-label="Function name" placeholder="Function name" value={name} onChange={(e) => setName(e.target.value)} required />
        <input
          className="input"
          aria-label="Function description"
          placeholder="What it does"
          value={description}
          onChange={(e) => setDescription(e.target.value)}
        />
        <select className="input" aria-label="Returns component" value={returns} onChange={(e) => setReturns(e.target.value)}>
          <option value="">Returns nothing in particular</option>
          {components.map((c) => (
            <option key={c.id} value={c.id}>
              {c.name} ({c.type})
            </option>
          ))}
        </select>
        <button type="submit" className="button button--secondary" disabled={add.isPending}>
          Add function
        </button>
      </form>
      {add.error && (
        <p className="designer-form__problem" role="alert" data-testid="function-problem">
          Could not add the function: {add.error.message}
        </p>
      )}
    </section>
  );
}
