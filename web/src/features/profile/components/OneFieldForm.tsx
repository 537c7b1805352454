import { useState, type FormEvent } from 'react';

interface OneFieldFormProps {
  label: string;
  placeholder: string;
  maxLength: number;
  action: string;
  pending: boolean;
  /** The trimmed text (never an empty one); `saved` empties the field. */
  onSubmit: (text: string, saved: () => void) => void;
}

/** One text field and its button, as the integrations card adds a key or an endpoint. */
export function OneFieldForm({ label, placeholder, maxLength, action, pending, onSubmit }: OneFieldFormProps) {
  const [text, setText] = useState('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (text.trim()) onSubmit(text.trim(), () => setText(''));
  };
  return (
    <form onSubmit={submit} className="integrations__form">
      <input className="input" aria-label={label} placeholder={placeholder} value={text} maxLength={maxLength} onChange={(e) => setText(e.target.value)} />
      <button className="button button--primary" type="submit" disabled={pending}>
        {action}
      </button>
    </form>
  );
}
