import { useState, type InputHTMLAttributes } from 'react';
import { viewerZoneName } from '../lib/format';

type Props = Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'type'> & {
  /** The moment as a datetime-local value ('2026-11-27T14:05', seconds optional), '' for none. */
  value: string;
  /** The typed moment as a datetime-local value; text that is not one is passed as typed (the form says it is not valid). */
  onChange: (value: string) => void;
  seconds?: boolean;
};

const MOMENT = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2}(?::\d{2})?)$/;
const toValue = (text: string) => {
  const m = MOMENT.exec(text.trim());
  return m ? `${m[1]}T${m[2]}` : text.trim();
};
const toText = (value: string) => value.replace('T', ' ');

/**
 * A moment typed in the app's one format ('2026-11-27 14:05', 24-hour, in the viewer's zone, named
 * beside it), where a datetime-local picker would show the browser's own (12-hour in en-US).
 */
export function MomentInput({ value, onChange, seconds = false, className = 'input', ...rest }: Props) {
  const [text, setText] = useState(toText(value));
  const [synced, setSynced] = useState(value);
  if (value !== synced) {
    setSynced(value);
    if (toValue(text) !== value) setText(toText(value));
  }
  return (
    <span className="moment-input">
      <input
        {...rest}
        type="text"
        inputMode="numeric"
        autoComplete="off"
        className={className}
        placeholder={seconds ? 'YYYY-MM-DD HH:MM:SS' : 'YYYY-MM-DD HH:MM'}
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          const next = toValue(event.target.value);
          setSynced(next);
          onChange(next);
        }}
      />
      <span className="moment-input__zone muted">{viewerZoneName()}</span>
    </span>
  );
}
