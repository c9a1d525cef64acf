import type { ReactNode } from 'react';
import { Link } from 'react-router';

/** The way back one step in the purchase (packages ← methods ← pay). */
export function BackLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link to={to} className="credits-back">
      <span aria-hidden="true">←</span> {children}
    </Link>
  );
}
