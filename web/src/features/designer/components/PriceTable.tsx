import { useEffect, useState, type FormEvent } from 'react';
import { useToast } from '../../../components/Toast';
import { serverMessage } from '../../../lib/api';
import { usePrices, useSavePrices, type PriceTable as Table } from '../api/prices';

type Row = { model: string; inputPer1k: string; outputPer1k: string };

const rowsOf = (table: Table): Row[] => table.models.map((m) => ({ model: m.model, inputPer1k: String(m.inputPer1k), outputPer1k: String(m.outputPer1k) }));

/** What the board charges: credits per 1,000 input and output tokens per model, and for any other model. */
export default function PriceTable({ canEdit }: { canEdit: boolean }) {
  const prices = usePrices();
  const save = useSavePrices();
  const toast = useToast();
  const [rows, setRows] = useState<Row[]>([]);
  const [fallback, setFallback] = useState<Row>({ model: '', inputPer1k: '1', outputPer1k: '3' });

  useEffect(() => {
    if (!prices.data) return;
    setRows(rowsOf(prices.data));
    setFallback({ model: '', inputPer1k: String(prices.data.defaultPrice.inputPer1k), outputPer1k: String(prices.data.defaultPrice.outputPer1k) });
  }, [prices.data]);

  const change = (i: number, field: keyof Row, value: string) => setRows((all) => all.map((r, j) => (j === i ? { ...r, [field]: value } : r)));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(
      {
        defaultPrice: { inputPer1k: Number(fallback.inputPer1k), outputPer1k: Number(fallback.outputPer1k) },
        models: rows.filter((r) => r.model.trim()).map((r) => ({ model: r.model.trim(), inputPer1k: Number(r.inputPer1k), outputPer1k: Number(r.outputPer1k) })),
      },
      {
        onSuccess: () => toast.success('Prices saved'),
        onError: (err) => toast.error(serverMessage(err, 'The prices could not be saved')),
      },
    );
  };

  const cell = (value: string, set: (v: string) => void, label: string) => (
    <input className="input" aria-label={label} inputMode="decimal" value={value} disabled={!canEdit} onChange={(e) => set(e.target.value)} />
  );

  return (
    <section className="card price-table" aria-label="Model prices">
      <h2>Model prices</h2>
      <p className="muted">Credits per 1,000 tokens the board charges for each model; a call is charged its tokens' exact price, each meter's fraction of a credit carried to its next use.</p>
      {prices.isPending && <p className="muted">Loading prices...</p>}
      {prices.data && (
        <form onSubmit={submit}>
          <table>
            <thead>
              <tr><th>Model</th><th>Input</th><th>Output</th><th /></tr>
            </thead>
            <tbody>
              {rows.map((r, i) => (
                <tr key={i}>
                  <td>{cell(r.model, (v) => change(i, 'model', v), `Model ${i + 1}`)}</td>
                  <td>{cell(r.inputPer1k, (v) => change(i, 'inputPer1k', v), `Input price of model ${i + 1}`)}</td>
                  <td>{cell(r.outputPer1k, (v) => change(i, 'outputPer1k', v), `Output price of model ${i + 1}`)}</td>
                  <td>
                    {canEdit && (
                      <button type="button" className="button button--secondary button--small" onClick={() => setRows((all) => all.filter((_, j) => j !== i))}>
                        Remove
                      </button>
                    )}
                  </td>
                </tr>
              ))}
              <tr>
                <td>Any other model</td>
                <td>{cell(fallback.inputPer1k, (v) => setFallback((f) => ({ ...f, inputPer1k: v })), 'Default input price')}</td>
                <td>{cell(fallback.outputPer1k, (v) => setFallback((f) => ({ ...f, outputPer1k: v })), 'Default output price')}</td>
                <td />
              </tr>
            </tbody>
          </table>
          {canEdit && (
            <div className="price-table__actions">
              <button type="button" className="button button--secondary" onClick={() => setRows((all) => [...all, { model: '', inputPer1k: '1', outputPer1k: '3' }])}>
                Add a model
              </button>
              <button type="submit" className="button button--primary" disabled={save.isPending}>
                Save prices
              </button>
            </div>
          )}
        </form>
      )}
    </section>
  );
}
