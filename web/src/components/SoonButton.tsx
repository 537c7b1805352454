import type { ReactNode } from 'react';

/** A feature that is announced but not built yet: shown, disabled, marked soon. */
export function SoonButton({ children, className = 'button--secondary' }: { children: ReactNode; className?: string }) {
  return (
    <button type="button" className={`button ${className}`} disabled title="Coming soon">
      {children} <span className="soon-badge">Soon</span>
    </button>
  );
}
