import type { ReactNode } from 'react';

// Small inline icons of the profile view (no icon font to download); decorative, the buttons carry the names.
const Icon = ({ size = 20, children }: { size?: number; children: ReactNode }) => (
  <svg viewBox="0 0 24 24" width={size} height={size} aria-hidden="true" focusable="false">
    {children}
  </svg>
);
const stroke = { fill: 'none', stroke: 'currentColor', strokeWidth: 2, strokeLinejoin: 'round' } as const;

export const HeartIcon = ({ filled }: { filled: boolean }) => (
  <Icon>
    <path
      d="M12 20.5s-7.5-4.6-9.4-9.2C1.1 7.8 3.3 4.5 6.7 4.5c2.2 0 3.9 1.3 5.3 3.2 1.4-1.9 3.1-3.2 5.3-3.2 3.4 0 5.6 3.3 4.1 6.8-1.9 4.6-9.4 9.2-9.4 9.2z"
      {...stroke}
      fill={filled ? 'currentColor' : 'none'}
    />
  </Icon>
);

export const ChatIcon = () => (
  <Icon>
    <path d="M4 5h16v11H9l-5 4z" {...stroke} />
  </Icon>
);

export const GiftIcon = () => (
  <Icon>
    <path d="M4 11h16v9H4zM3 7h18v4H3zM12 7v13" {...stroke} />
    <path d="M12 7C10.5 4 7 4 7 6s3 1 5 1c2 0 5 1 5-1s-3.5-2-5 1" {...stroke} />
  </Icon>
);

export const LockIcon = () => (
  <Icon size={28}>
    <path d="M6 11h12v9H6z" fill="currentColor" />
    <path d="M8.5 11V8a3.5 3.5 0 0 1 7 0v3" {...stroke} />
  </Icon>
);

export const BlockIcon = () => (
  <Icon size={18}>
    <circle cx="12" cy="12" r="8.5" {...stroke} />
    <path d="M6 6l12 12" {...stroke} />
  </Icon>
);
