import { useEffect, useState, type FormEvent } from 'react';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { LoadError, loadFailure } from '../../../components/LoadError';
import { Loading } from '../../../components/Loading';
import { useToast } from '../../../components/Toast';
import { serverMessage } from '../../../lib/api';
import { useAuth } from '../../../lib/auth/hooks';
import { holds } from '../../../lib/auth/permissions';
import { formatDateTime, plural } from '../../../lib/format';
import { localInputToIso } from '../../audit/history';
import { usePublishRateCard, useRateCards } from '../api/rate-cards';
import { entriesOf, rowsOf, type DraftRow, type PublishInput, type RateCardVersion } from '../rate-card';
import { BacktestPanel } from './BacktestPanel';
import { DraftEditor } from './DraftEditor';
import { VersionTable } from './VersionTable';
import '../rate-card.css';
import { WithMoments } from '../../../components/Moment';
import { MomentInput } from '../../../components/MomentInput';

const versionTitle = (v: RateCardVersion) => `Version ${v.version} · from ${formatDateTime(v.effectiveFrom)} · ${plural(v.entries.length, 'meter')}`;

/** /admin/rateCards: the meters and their prices in force, the versions before, a draft to publish, and its backtest. */
export default function RateCardsPage() {
  const { user } = useAuth();
  const canPublish = holds(user?.permissions, 'admin.subscriptions.edit');
  const cards = useRateCards();
  const publish = usePublishRateCard();
  const toast = useToast();
  const [rows, setRows] = useState<DraftRow[] | null>(null);
  const [effectiveFrom, setEffectiveFrom] = useState('');
  const [error, setError] = useState<string | null>(null);
  // The version a click on Publish would publish, until it is confirmed: it prices every organization's usage.
  const [confirming, setConfirming] = useState<PublishInput | null>(null);
  const current = cards.data?.current ?? null;
  const draft = rows ?? rowsOf(current);
  useEffect(() => setError(null), [rows, effectiveFrom]);

  if (cards.isPending) return <Loading />;
  const failure = loadFailure(cards, 'The rate card could not be loaded.');
  if (failure) return <LoadError {...failure} />;
  const versions = cards.data?.versions ?? [];
  const upcoming = versions.filter((v) => current && v.version > current.version);
  const past = versions.filter((v) => !current || v.version < current.version);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = entriesOf(draft);
    if ('error' in parsed) return setError(parsed.error);
    const at = localInputToIso(effectiveFrom);
    if (effectiveFrom && !at) return setError('The date and time it applies from is not valid.');
    setConfirming({ entries: parsed.entries, ...(at ? { effectiveFrom: at } : {}) });
  };

  const confirmPublish = () => {
    if (!confirming) return;
    publish.mutate(confirming, {
      onSuccess: (v) => {
        toast.success(`Version ${v.version} published`);
        setRows(null);
        setEffectiveFrom('');
      },
      onError: (err) => setError(serverMessage(err, 'The version could not be published.')),
      onSettled: () => setConfirming(null),
    });
  };

  return (
    <div className="admin-page rate-card">
      <h1>Rate card</h1>
      <p className="muted">Credits per unit of each meter. A version is never changed: a new one is published with the moment it applies from, and usage is priced by the version in force at its timestamp.</p>

      <section className="card rate-card__section" aria-labelledby="in-force-title" data-testid="rate-card-current">
        <h2 id="in-force-title">In force</h2>
        {current ? (
          <>
            <p>
              <strong>
                <WithMoments text={versionTitle(current)} />
              </strong>
              {current.version === 0 && <span className="muted"> (the board's price table, until a version is published)</span>}
            </p>
            <VersionTable version={current} />
          </>
        ) : (
          <p className="muted">No version is in force: usage is refused until one is published.</p>
        )}
        {upcoming.map((v) => (
          <details key={v.version} className="rate-card__version" open>
            <summary>
              Upcoming: <WithMoments text={versionTitle(v)} />
            </summary>
            <VersionTable version={v} />
          </details>
        ))}
      </section>

      <section className="card rate-card__section" aria-labelledby="draft-title">
        <h2 id="draft-title">Draft</h2>
        <p className="muted">Starts from the version in force; change prices, add or remove meters, then backtest it or publish it.</p>
        <form onSubmit={submit}>
          <DraftEditor rows={draft} onChange={setRows} />
          {canPublish && (
            <div className="rate-card__publish">
              <label className="field">
                <span className="field__label">Applies from (blank: now)</span>
                <MomentInput value={effectiveFrom} onChange={setEffectiveFrom} />
              </label>
              <button type="submit" className="button button--primary" disabled={publish.isPending}>
                {publish.isPending ? 'Publishing…' : 'Publish new version'}
              </button>
            </div>
          )}
          {error && (
            <p className="form-error" role="alert">
              {error}
            </p>
          )}
        </form>
      </section>

      <ConfirmDialog
        open={confirming !== null}
        title="Publish this version?"
        confirmLabel="Publish"
        busy={publish.isPending}
        onConfirm={confirmPublish}
        onCancel={() => setConfirming(null)}
      >
        <p>
          From {confirming?.effectiveFrom ? formatDateTime(confirming.effectiveFrom) : 'now'}, every organization's usage is priced by it (
          {plural(confirming?.entries.length ?? 0, 'meter')}). A published version is never changed: a mistake is mended by publishing another.
        </p>
      </ConfirmDialog>

      <BacktestPanel rows={draft} />

      <section className="card rate-card__section" aria-labelledby="past-title">
        <h2 id="past-title">Past versions</h2>
        {past.length === 0 && <p className="muted">None.</p>}
        {past.map((v) => (
          <details key={v.version} className="rate-card__version">
            <summary>
              <WithMoments text={versionTitle(v)} />
            </summary>
            <VersionTable version={v} />
          </details>
        ))}
      </section>
    </div>
  );
}
