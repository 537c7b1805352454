export function StatusBadge({ active }: { active: boolean }) {
  return <span className={`status-badge ${active ? 'status-badge--on' : 'status-badge--off'}`}>{active ? 'Active' : 'Inactive'}</span>;
}

/** The read-only status of a user: an icon only (spec section 6); drawn, so it needs no emoji font. */
export function StatusIcon({ active }: { active: boolean }) {
  const label = active ? 'Active' : 'Inactive';
  return (
    <svg className={`status-icon ${active ? 'status-icon--on' : 'status-icon--off'}`} role="img" aria-label={label} viewBox="0 0 20 20" width="20" height="20">
      <title>{label}</title>
      <circle cx="10" cy="10" r="9" />
      <path d={active ? 'M5.5 10.5l3 3 6-7' : 'M6.5 6.5l7 7M13.5 6.5l-7 7'} />
    </svg>
  );
}
