import { BudgetBanner } from '../../../components/BudgetBanner';
import { CreditAlertBanner } from '../../../components/CreditAlertBanner';
import { OrgInactiveBanner } from '../../../components/OrgInactiveBanner';

export default function DashboardPage() {
  return (
    <div className="page">
      <OrgInactiveBanner />
      <CreditAlertBanner />
      <BudgetBanner />
      <h1>Welcome!</h1>
    </div>
  );
}
