import { useState, type FormEvent } from 'react';
import { useComponents } from '../api/get-components';
import type { ComponentType } from '../api/types';
import { FormActions } from './FormActions';
import type { ComponentFormProps } from './TermForm';
import { parseWhole, useComponentSaver } from './use-save-component';

export const componentTypes: ComponentType[] = ['term', 'array', 'object'];

export function ArrayForm({ editing, onDone }: ComponentFormProps) {
  const { data: all = [] } = useComponents();
  const [name, setName] = useState(editing?.name ?? '');
  const [childType, setChildType] = useState<ComponentType>(editing?.arrayOfComponentType ?? 'term');
  const [childId, setChildId] = useState(editing?.arrayOfComponentId ?? '');
  const [min, setMin] = useState(String(editing?.min ?? 0));
  const [max, setMax] = useState(String(editing?.max ?? 10));
  const { save, problem, saving } = useComponentSaver(editing, () => {
    setName('');
    setChildId('');
    onDone();
  });
  const choices = all.filter((c) => c.type === childType && c.id !== editing?.id);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    save({ type: 'array', name, arrayOfComponentType: childType, arrayOfComponentId: childId, min: parseWhole(min), max: parseWhole(max) });
  };
  return (
    <form className="card designer-form" onSubmit={onSubmit} aria-label={editing ? 'Edit array' : 'New array'}>
      <h2>{editing ? `Edit ${editing.name}` : 'New array'}</h2>
      <label className="field">
        <span className="field__label">Name</span>
        <input className="input" name="name" value={name} onChange={(e) => setName(e.target.value)} required />
      </label>
      <div className="designer-form__row">
        <label className="field">
          <span className="field__label">Component type</span>
          <select
            className="input"
            name="arrayOfComponentType"
            aria-label="Component type"
            value={childType}
            onChange={(e) => {
              setChildType(e.target.value as ComponentType);
              setChildId('');
            }}
          >
            {componentTypes.map((t) => (
              <option key={t} value={t}>{t}</option>
            ))}
          </select>
        </label>
        <label className="field">
          <span className="field__label">Component</span>
          <select className="input" name="arrayOfComponentId" aria-label="Component" value={childId} onChange={(e) => setChildId(e.target.value)} required>
            <option value="">Choose...</option>
            {choices.map((c) => (
              <option key={c.id} value={c.id}>{c.name}</option>
            ))}
          </select>
        </label>
      </div>
      <div className="designer-form__row">
        <label className="field">
          <span className="field__label">Min</span>
          <input className="input" name="min" type="number" min={0} step={1} value={min} onChange={(e) => setMin(e.target.value)} required />
        </label>
        <label className="field">
          <span className="field__label">Max</span>
          <input className="input" name="max" type="number" min={0} step={1} value={max} onChange={(e) => setMax(e.target.value)} required />
        </label>
      </div>
      <FormActions editing={!!editing} saving={saving} problem={problem} onCancel={onDone} />
    </form>
  );
}
