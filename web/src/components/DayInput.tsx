import { useState, type InputHTMLAttributes } from 'react';

type Props = Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'type'> & {
  /** The day ('2026-11-27'); shown again whenever it changes. */
  value: string;
  /** Every text as typed: `isDay` (lib/days) says whether it is a day. */
  onChange: (text: string) => void;
};

/**
 * A day typed in the app's one format ('2026-11-27'), where a date picker would show the browser's own
 * (11/27/2026 in en-US). What is being typed stays in the field until the value changes.
 */
export function DayInput({ value, onChange, className = 'input', ...rest }: Props) {
  const [text, setText] = useState(value);
  const [shown, setShown] = useState(value);
  if (value !== shown) {
    setShown(value);
    setText(value);
  }
  return (
    <input
      {...rest}
      type="text"
      inputMode="numeric"
      autoComplete="off"
      placeholder="YYYY-MM-DD"
      className={className}
      value={text}
      onChange={(event) => {
        setText(event.target.value);
        onChange(event.target.value.trim());
      }}
    />
  );
}
