import { emptyRow, type DraftRow } from '../rate-card';

/** The draft's meters and prices, edited in place (blank rows are left out). */
export function DraftEditor({ rows, onChange }: { rows: DraftRow[]; onChange: (rows: DraftRow[]) => void }) {
  const set = (i: number, field: keyof DraftRow, value: string) => onChange(rows.map((r, j) => (j === i ? { ...r, [field]: value } : r)));
  return (
    <div className="rate-card__draft">
      {rows.map((r, i) => (
        <fieldset key={i} className="rate-card__row" data-testid="draft-row">
          <label className="field">
            <span className="field__label">Meter</span>
            <input className="input" value={r.meter} placeholder="api.call" onChange={(e) => set(i, 'meter', e.target.value)} aria-label={`Meter ${i + 1}`} />
          </label>
          <label className="field">
            <span className="field__label">Unit</span>
            <input className="input" value={r.unit} onChange={(e) => set(i, 'unit', e.target.value)} aria-label={`Unit ${i + 1}`} />
          </label>
          <label className="field rate-card__description">
            <span className="field__label">Description</span>
            <input className="input" value={r.description} onChange={(e) => set(i, 'description', e.target.value)} aria-label={`Description ${i + 1}`} />
          </label>
          <label className="field">
            <span className="field__label">Credits per unit</span>
            <input className="input" inputMode="decimal" value={r.price} placeholder="0.003" onChange={(e) => set(i, 'price', e.target.value)} aria-label={`Credits per unit ${i + 1}`} />
          </label>
          <button type="button" className="button button--secondary button--small rate-card__remove" onClick={() => onChange(rows.length > 1 ? rows.filter((_, j) => j !== i) : [emptyRow()])}>
            Remove
          </button>
        </fieldset>
      ))}
      <button type="button" className="button button--secondary button--small" onClick={() => onChange([...rows, emptyRow()])}>
        Add a meter
      </button>
    </div>
  );
}
