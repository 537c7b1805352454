import { useId, useState } from 'react';
import { useOrgBalance } from '../api/get-org-balance';
import { formatDateTime, formatNumber } from '../../../lib/format';
import { localInputToIso } from '../history';
import type { BalanceAt } from '../types';
import { MomentInput } from '../../../components/MomentInput';

/** What open holds keep, when any: the balance alone says what is there, not what may be spent. */
function HeldPart({ at }: { at: BalanceAt | undefined }) {
  if (!at || at.held === 0) return null;
  return (
    <span className="history-balance__held" data-testid="held-part">
      {' '}
      (available {formatNumber(at.available)}, held {formatNumber(at.held)})
    </span>
  );
}

/** An organization's current balance, and its balance as of any past moment, both computed from its log. */
export function BalancePanel({ orgId }: { orgId: string }) {
  const inputId = useId();
  const [local, setLocal] = useState('');
  const at = localInputToIso(local);
  const current = useOrgBalance(orgId, null);
  const past = useOrgBalance(orgId, at, at !== null);

  return (
    <div className="history-panel history-balance">
      <p className="history-balance__now">
        Current balance: <strong data-testid="current-balance">{current.data ? formatNumber(current.data.balance) : current.isError ? 'could not be computed' : '...'}</strong>
        <HeldPart at={current.data} />
      </p>
      <div className="history-balance__asof">
        <label htmlFor={inputId}>Balance as of</label>
        <MomentInput id={inputId} seconds value={local} onChange={setLocal} />
        {at && (
          <span data-testid="balance-as-of">
            {past.isError ? (
              'could not be computed'
            ) : past.data ? (
              <>
                <strong title={formatDateTime(past.data.at)}>{formatNumber(past.data.balance)}</strong>
                <HeldPart at={past.data} />
              </>
            ) : (
              '...'
            )}
          </span>
        )}
      </div>
    </div>
  );
}
