import { OrgInactiveBanner } from '../../../components/OrgInactiveBanner';

export default function DashboardPage() {
  return (
    <div className="page">
      <OrgInactiveBanner />
      <h1>Welcome!</h1>
    </div>
  );
}
