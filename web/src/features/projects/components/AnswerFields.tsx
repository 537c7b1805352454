import { fieldLabel } from '../labels';
import './answer-fields.css';

/** An answer's JSON laid out by its component names: objects as labelled fields, arrays as lists; nothing (an empty list too) as "—". */
export default function AnswerFields({ value }: { value: unknown }) {
  if (value === null || value === undefined || (Array.isArray(value) && value.length === 0)) return <span className="muted">—</span>;
  if (Array.isArray(value)) {
    return (
      <ol className="answer-fields__list">
        {value.map((item, i) => (
          <li key={i}><AnswerFields value={item} /></li>
        ))}
      </ol>
    );
  }
  if (typeof value === 'object') {
    return (
      <dl className="answer-fields">
        {Object.entries(value as Record<string, unknown>).map(([name, inner]) => (
          <div key={name} className="answer-fields__row">
            <dt>{fieldLabel(name)}</dt>
            <dd><AnswerFields value={inner} /></dd>
          </div>
        ))}
      </dl>
    );
  }
  return <span>{String(value)}</span>;
}
