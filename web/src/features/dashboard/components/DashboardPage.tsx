export default function DashboardPage() {
  return (
    <div className="page">
      <h1>Welcome!</h1>
    </div>
  );
}
