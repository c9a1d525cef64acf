// Line icons of the premium and pricing pages, drawn in the text colour; decoration only.
const Icon = ({ d }: { d: string }) => (
  <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false" className="premium-icon">
    <path d={d} />
  </svg>
);

export const CrownIcon = () => <Icon d="m3 8 4.5 3.5L12 5l4.5 6.5L21 8l-2 11H5Z" />;
export const EyeIcon = () => (
  <Icon d="M2.5 12S6 5.5 12 5.5 21.5 12 21.5 12 18 18.5 12 18.5 2.5 12 2.5 12ZM12 15a3 3 0 1 0 0-6 3 3 0 0 0 0 6Z" />
);
export const PhotosIcon = () => <Icon d="M4 7h12v12H4ZM8 4h12v12M4 16l3.5-4 3 3 2-2 3.5 3" />;
export const ChatIcon = () => (
  <Icon d="M5 5h14a2 2 0 0 1 2 2v8a2 2 0 0 1-2 2h-8l-5 4v-4H5a2 2 0 0 1-2-2V7a2 2 0 0 1 2-2Z" />
);
export const BadgeIcon = () => (
  <Icon d="M12 3l2.6 5.3 5.9.9-4.3 4.1 1 5.8L12 16.4 6.8 19.1l1-5.8-4.3-4.1 5.9-.9Z" />
);
export const CoinIcon = () => (
  <Icon d="M12 3.5a8.5 8.5 0 1 0 0 17 8.5 8.5 0 0 0 0-17ZM14.5 9.2a3 3 0 1 0 0 5.6" />
);
export const ShieldIcon = () => (
  <Icon d="M12 3 5 6v5.5c0 4.3 3 7.9 7 9.5 4-1.6 7-5.2 7-9.5V6Zm-3 9 2 2 4-4" />
);
