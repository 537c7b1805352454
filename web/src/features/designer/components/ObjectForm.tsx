import { useState, type FormEvent } from 'react';
import { useComponents } from '../api/get-components';
import type { Component, ComponentType, Property } from '../api/types';
import { componentTypes } from './ArrayForm';
import { FormActions } from './FormActions';
import type { ComponentFormProps } from './TermForm';
import { useComponentSaver } from './use-save-component';
import { NameFields } from './NameFields';

type Row = Omit<Property, 'child_component_name' | 'child_type'> & { key: number };

let nextKey = 1;
const emptyRow = (): Row => ({ key: nextKey++, name: '', type: 'term', child_component_id: '', required: true });
const rowsOf = (editing: Component | null): Row[] =>
  (editing?.structure ?? []).map((p) => ({ key: nextKey++, name: p.name, type: p.type, child_component_id: p.child_component_id, required: p.required }));

function PropertyRow({ row, index, choices, onChange, onRemove }: {
  row: Row;
  index: number;
  choices: Component[];
  onChange: (row: Row) => void;
  onRemove: () => void;
}) {
  const nameOf = (id: string) => choices.find((c) => c.id === id)?.name ?? '';
  const pickChild = (id: string) => {
    const previous = nameOf(row.child_component_id);
    const fill = !row.name || row.name === previous;
    onChange({ ...row, child_component_id: id, name: fill ? nameOf(id) : row.name });
  };
  const label = `Property ${index + 1}`;
  return (
    <li className="property-row" aria-label={label}>
      <select
        className="input property-row__type"
        aria-label={`${label} type`}
        value={row.type}
        onChange={(e) => onChange({ ...row, type: e.target.value as ComponentType, child_component_id: '' })}
      >
        {componentTypes.map((t) => (
          <option key={t} value={t}>{t}</option>
        ))}
      </select>
      <select className="input property-row__child" aria-label={`${label} component`} value={row.child_component_id} onChange={(e) => pickChild(e.target.value)} required>
        <option value="">Choose...</option>
        {choices.filter((c) => c.type === row.type).map((c) => (
          <option key={c.id} value={c.id}>{c.name}</option>
        ))}
      </select>
      <input className="input property-row__name" aria-label={`${label} name`} placeholder="name" value={row.name} onChange={(e) => onChange({ ...row, name: e.target.value })} required />
      <label className="property-row__required">
        <input type="checkbox" checked={row.required} onChange={(e) => onChange({ ...row, required: e.target.checked })} /> required
      </label>
      <button type="button" className="button button--secondary button--small property-row__remove" aria-label={`Remove ${label.toLowerCase()}`} onClick={onRemove}>
        ×
      </button>
    </li>
  );
}

export function ObjectForm({ editing, onDone }: ComponentFormProps) {
  const { data: all = [] } = useComponents();
  const [name, setName] = useState(editing?.name ?? '');
  const [description, setDescription] = useState(editing?.description ?? '');
  const [rows, setRows] = useState<Row[]>(() => (editing ? rowsOf(editing) : [emptyRow()]));
  const { save, problem, saving } = useComponentSaver(editing, () => {
    setName('');
    setDescription('');
    setRows([emptyRow()]);
    onDone();
  });
  const choices = all.filter((c) => c.id !== editing?.id);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const structure = rows.map(({ key: _key, ...p }) => ({ ...p, child_type: p.type }));
    save({ type: 'object', name, description, structure });
  };
  return (
    <form className="card designer-form" onSubmit={onSubmit} aria-label={editing ? 'Edit object' : 'New object'}>
      <h2>{editing ? `Edit ${editing.name}` : 'New object'}</h2>
      <NameFields name={name} description={description} onName={setName} onDescription={setDescription} />
      <fieldset className="designer-form__structure">
        <legend className="field__label">Structure</legend>
        <ul className="property-list">
          {rows.map((row, index) => (
            <PropertyRow
              key={row.key}
              row={row}
              index={index}
              choices={choices}
              onChange={(next) => setRows((all) => all.map((r) => (r.key === row.key ? next : r)))}
              onRemove={() => setRows((all) => all.filter((r) => r.key !== row.key))}
            />
          ))}
        </ul>
        <button type="button" className="button button--secondary button--small" onClick={() => setRows((all) => [...all, emptyRow()])}>
          Add property
        </button>
      </fieldset>
      <FormActions editing={!!editing} saving={saving} problem={problem} onCancel={onDone} />
    </form>
  );
}
