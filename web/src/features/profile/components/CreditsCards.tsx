import { ExpiresIn } from '../../../components/ExpiresIn';
import { LoadError, type LoadFailure } from '../../../components/LoadError';
import { ScrollTable } from '../../../components/ScrollTable';
import { formatDate, formatNumber, plural } from '../../../lib/format';
import { useUsageDaily } from '../api/get-usage-daily';
import { runway, soonestExpiry, sourceLabel } from '../credits';
import type { CreditHold, CreditLot, MyCredits, Profile } from '../types';

/** The balance; under it what is available and what open holds keep, when some credits are held. */
export function BalanceCard({ organization, credits }: { organization: Profile['organization']; credits: MyCredits | undefined }) {
  const balance = credits?.balance ?? organization?.credits ?? 0;
  const soonest = credits ? soonestExpiry(credits.lots) : null;
  return (
    <section className="card profile-balance" aria-labelledby="balance-title">
      <p className="eyebrow" id="balance-title">
        Credit balance
      </p>
      <p className="profile-balance__amount" data-testid="credit-balance">
        {formatNumber(organization ? balance : 0)}
      </p>
      {credits && credits.available !== credits.balance && (
        <dl className="profile-balance__split" data-testid="credit-split">
          <div>
            <dt>Available</dt>
            <dd data-testid="credit-available">{formatNumber(credits.available)}</dd>
          </div>
          <div>
            <dt>Held</dt>
            <dd data-testid="credit-held">{formatNumber(credits.held)}</dd>
          </div>
        </dl>
      )}
      {soonest && (
        <p className="profile-balance__soonest" data-testid="soonest-expiry">
          Expiring soonest: <strong>{formatNumber(soonest.credits)} credits</strong>, <ExpiresIn at={soonest.expiresAt} />
        </p>
      )}
      {organization && credits && <PendingLine pending={credits.pending} />}
      {organization && credits && <RunwayLine available={credits.available} />}
      <p className="muted">{organization ? organization.name : 'No organization yet'}</p>
    </section>
  );
}

/**
 * Metered use (usage events, board calls) not charged yet: the meters' fractions of a credit, each
 * taken once its meter reaches a whole credit. Nothing when every meter is at a whole credit.
 */
function PendingLine({ pending }: { pending: Record<string, number> }) {
  const total = Object.values(pending).reduce((sum, value) => sum + value, 0);
  if (total <= 0) return null;
  return (
    <p className="profile-balance__pending muted" data-testid="credit-pending">
      Metered use not charged yet: <strong>{plural(total, 'credit')}</strong>, taken as each meter reaches a whole credit.
    </p>
  );
}

/** How long the available credits last at the pace of the last 30 days (the chart's days); nothing without use. */
function RunwayLine({ available }: { available: number }) {
  const usage = useUsageDaily();
  const pace = usage.data ? runway(usage.data, available) : null;
  if (!pace) return null;
  const lasts = pace.daysLeft === 0 ? 'less than a day' : pace.daysLeft > 365 ? 'more than a year' : `about ${plural(pace.daysLeft, 'day')}, to ${formatDate(pace.until)}`;
  return (
    <p className="profile-balance__runway" data-testid="credit-runway">
      At {pace.overDays === 1 ? "today's" : `the last ${pace.overDays} days'`} pace ({plural(Math.round(pace.perDay * 100) / 100, 'credit')} a day), your credits last <strong>{lasts}</strong>.
    </p>
  );
}

function LotRow({ lot }: { lot: CreditLot }) {
  return (
    <tr data-testid="credit-lot">
      <td>
        <span className="profile-lots__source">{sourceLabel(lot.source)}</span>
        {lot.description && <span className="profile-lots__description muted">{lot.description}</span>}
      </td>
      <td className="amount nowrap">
        {formatNumber(lot.remaining)} <span className="muted">/ {formatNumber(lot.amount)}</span>
      </td>
      <td className="nowrap">
        <ExpiresIn at={lot.expiresAt} className={lot.expiresAt ? undefined : 'muted'} />
      </td>
    </tr>
  );
}

function HoldRow({ hold }: { hold: CreditHold }) {
  return (
    <tr data-testid="credit-hold">
      <td>{hold.description || <span className="muted">No description</span>}</td>
      <td className="amount nowrap">{formatNumber(hold.credits)}</td>
      <td className="nowrap">
        <ExpiresIn at={hold.expiresAt} />
      </td>
    </tr>
  );
}

/** The open lots in the order they are spent, and the open holds (or why they could not be read). */
export function CreditLots({ credits, failure }: { credits: MyCredits | undefined; failure?: LoadFailure }) {
  return (
    <section className="card profile-lots" aria-labelledby="lots-title">
      <h2 id="lots-title">Your credits</h2>
      {!credits ? (
        failure && <LoadError {...failure} />
      ) : credits.lots.length === 0 ? (
        <p className="muted">No credits yet.</p>
      ) : (
        <ScrollTable headers={['Source', 'Remaining', 'Expiry']} label="Credit lots">
          {credits.lots.map((lot) => (
            <LotRow key={lot.id} lot={lot} />
          ))}
        </ScrollTable>
      )}
      {credits && credits.holds.length > 0 && (
        <>
          <h3 id="holds-title">Held for work in progress</h3>
          <ScrollTable headers={['For', 'Credits', 'Expiry']} labelledBy="holds-title">
            {credits.holds.map((hold) => (
              <HoldRow key={hold.holdId} hold={hold} />
            ))}
          </ScrollTable>
        </>
      )}
    </section>
  );
}
