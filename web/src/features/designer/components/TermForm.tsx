import { useState, type FormEvent } from 'react';
import type { Component } from '../api/types';
import { FormActions } from './FormActions';
import { useComponentSaver } from './use-save-component';
import { NameFields } from './NameFields';

export interface ComponentFormProps {
  editing: Component | null;
  onDone: () => void;
}

export function TermForm({ editing, onDone }: ComponentFormProps) {
  const [name, setName] = useState(editing?.name ?? '');
  const [description, setDescription] = useState(editing?.description ?? '');
  const { save, problem, saving } = useComponentSaver(editing, () => {
    setName('');
    setDescription('');
    onDone();
  });
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    save({ type: 'term', name, description });
  };
  return (
    <form className="card designer-form" onSubmit={onSubmit} aria-label={editing ? 'Edit term' : 'New term'}>
      <h2>{editing ? `Edit ${editing.name}` : 'New term'}</h2>
      <NameFields name={name} description={description} onName={setName} onDescription={setDescription} descriptionRows={3} />
      <FormActions editing={!!editing} saving={saving} problem={problem} onCancel={onDone} />
    </form>
  );
}
