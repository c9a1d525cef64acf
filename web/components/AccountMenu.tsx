import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useUser } from '../api/user';
import { useLogout } from '../state/auth';
import { MenuButton } from './MenuButton';

/**
 * The top bar: the account dropdown of a logged-in member (my profile, settings, my purchases, logout).
 * Its own chunk, so visitors never download it.
 */
export default function AccountMenu() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const logout = useLogout();
  const { data: user } = useUser();
  if (!user) return null;
  const photo = user.profile.main_image?.thumb_filename;
  return (
    <MenuButton
      className="account-menu"
      ariaLabel={t('account.menu', { name: user.profile.name })}
      label={
        <span className="account-avatar" aria-hidden="true">
          {photo ? <img src={photo} alt="" width={32} height={32} /> : user.profile.name.slice(0, 1)}
        </span>
      }
      items={[
        { key: 'profile', label: t('account.myProfile'), onSelect: () => navigate('/profile') },
        { key: 'settings', label: t('account.settings'), onSelect: () => navigate('/notifications') },
        { key: 'transactions', label: t('account.transactions'), onSelect: () => navigate('/transactions') },
        { key: 'reports', label: t('reports.list.title'), onSelect: () => navigate('/reports') },
        { key: 'logout', label: t('account.logout'), onSelect: () => void logout() },
      ]}
    />
  );
}
