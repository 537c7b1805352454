import type { Component } from '../api/types';

function Details({ component }: { component: Component }) {
  switch (component.type) {
    case 'term':
      return <span className="muted">{component.description}</span>;
    case 'array':
      return (
        <span>
          {component.min}–{component.max} × <strong>{component.arrayOfComponentName ?? '?'}</strong>{' '}
          <span className="muted">({component.arrayOfComponentType})</span>
        </span>
      );
    case 'object':
      return (
        <ul className="component-structure">
          {(component.structure ?? []).map((p) => (
            <li key={p.name}>
              {p.name}
              {p.required ? '' : '?'}: <strong>{p.child_component_name ?? '?'}</strong> <span className="muted">({p.type})</span>
            </li>
          ))}
        </ul>
      );
  }
}

/** `onEdit` is null for a viewer without admin.assistants.edit: no Edit buttons then. */
export function ComponentList({ components, onEdit }: { components: Component[]; onEdit: ((component: Component) => void) | null }) {
  if (components.length === 0) return <p className="muted">None yet.</p>;
  return (
    <table className="table component-table">
      <thead>
        <tr>
          <th scope="col">Name</th>
          <th scope="col">Details</th>
          <th scope="col">
            <span className="visually-hidden">Actions</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {components.map((component) => (
          <tr key={component.id} data-component={component.name}>
            <td>{component.name}</td>
            <td>
              <Details component={component} />
            </td>
            <td>
              {onEdit && (
                <button type="button" className="button button--secondary button--small" onClick={() => onEdit(component)}>
                  Edit
                </button>
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
