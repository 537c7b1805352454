import { lazy, Suspense } from 'react';
import { LoadError, loadFailure } from '../../../components/LoadError';
import { Loading } from '../../../components/Loading';
import { CreditAlertBanner } from '../../../components/CreditAlertBanner';
import { OrgInactiveBanner } from '../../../components/OrgInactiveBanner';
import { useMyCredits } from '../api/get-credits';
import { useProfile } from '../api/get-profile';
import { TransactionList, UsageList } from './ActivityLists';
import { BalanceCard, CreditLots } from './CreditsCards';
import { ExportLedgerButton } from '../../../components/ExportLedgerButton';
import { managesBilling } from '../../../lib/account';
import { AutoTopUpCard } from './AutoTopUpCard';
import { BillingCard } from './BillingCard';
import { IntegrationsCard } from './IntegrationsCard';
import { PlanCard } from './PlanCard';
import { ProfileForm } from './ProfileForm';
import '../profile.css';

const UsageChart = lazy(() => import('./UsageChart'));

export default function ProfilePage() {
  const profile = useProfile();
  const credits = useMyCredits();

  if (profile.isPending) return <Loading />;
  if (profile.isError) {
    return (
      <div className="page page--narrow">
        <section className="card notice">
          <h1>Profile</h1>
          <LoadError {...loadFailure(profile, 'Your profile could not be loaded.')!} />
        </section>
      </div>
    );
  }

  const data = profile.data;
  const org = data.organization;
  // What only an owner or a billing member may use (billing, auto top-up, the ledger's export, keys, webhooks, the
  // alert) is not offered to a member: the server refuses it to them anyway.
  const mayBill = managesBilling(org?.role);
  return (
    <div className="page profile">
      <header className="page-header">
        <p className="eyebrow">Profile</p>
        <h1>{data.name}</h1>
        <p className="muted">{data.email}</p>
      </header>
      <OrgInactiveBanner />
      <CreditAlertBanner />
      <div className="profile__grid">
        <ProfileForm key={data.organization?.id ?? 'none'} profile={data} />
        <div className="profile__side">
          <PlanCard organization={data.organization} />
          <BalanceCard organization={data.organization} credits={credits.data} />
          <BillingCard hasOrganization={Boolean(org)} mayManage={mayBill} />
          <AutoTopUpCard hasOrganization={mayBill} />
        </div>
      </div>
      {data.organization && (credits.data || credits.isError) && (
        <CreditLots credits={credits.data} failure={loadFailure(credits, 'Your credits could not be loaded.')} />
      )}
      <div className="profile__activity">
        <TransactionList transactions={data.transactions} />
        <UsageList usage={data.usage} />
      </div>
      {data.organization && (
        <Suspense fallback={<p className="muted">Loading the chart…</p>}>
          <UsageChart />
        </Suspense>
      )}
      {mayBill && (
        <section className="card profile__export" aria-labelledby="ledger-export-title">
          <h2 id="ledger-export-title">Ledger export</h2>
          <p className="muted">
            Every credit event of your organization, each row with its hash and the previous one, signed at the end: check a file offline
            with <code>npm run verify-export</code> and the key at <code>/api/audit/public-key</code>.
          </p>
          <ExportLedgerButton path="/api/me/export/ledger" />
        </section>
      )}
      {mayBill && <IntegrationsCard />}
    </div>
  );
}
