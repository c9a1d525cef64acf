import './BackButton.scss';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useRouteHandle } from '../route-handle';

/** The top bar: the screens that get a back button in installed-app mode. */
const WITH_BACK_BUTTON = new Set([
  'members-id',
  'likes-type',
  'likes-m-id',
  'credits',
  'credits-id-paymentmethod',
]);

/**
 * Whether this page was reached by a navigation inside the app, so that going back stays in it:
 * React Router numbers its history entries (`idx`, 0 for the page the app was opened on), and a
 * reload keeps the number, unlike a count kept in memory.
 */
export function hasInAppHistory(state: unknown = window.history.state): boolean {
  const idx = (state as { idx?: unknown } | null)?.idx;
  return typeof idx === 'number' && idx > 0;
}

/**
 * The installed app's back button: a standalone window has no browser back button, so on
 * the screens one is drilled into, and only when there is an in-app page to go back to, the top bar
 * carries one. Its own chunk, loaded only in installed-app mode (TopBar.tsx).
 */
export default function BackButton() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  // Re-rendered on every navigation (it reads the location), so the history index is current.
  const { name } = useRouteHandle();
  if (!WITH_BACK_BUTTON.has(name) || !hasInAppHistory()) return null;
  return (
    <button type="button" className="back-button" onClick={() => navigate(-1)}>
      <svg viewBox="0 0 24 24" aria-hidden="true" className="back-button-icon">
        <path d="M15 5l-7 7 7 7" />
      </svg>
      <span className="back-button-label">{t('shell.back')}</span>
    </button>
  );
}
