import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useAccount, useSetInvisible } from '../../api/settings-account';
import { SaveStatus } from './SaveStatus';

/** Invisible mode: out of search and lists, no online status. */
export function InvisibleSetting() {
  const { t } = useTranslation();
  const account = useAccount();
  const setInvisible = useSetInvisible();
  const headingId = useId();
  const id = useId();
  const invisible = setInvisible.isPending ? setInvisible.variables : account.data?.invisible;
  return (
    <section className="settings-card" aria-labelledby={headingId} aria-busy={account.isPending}>
      <h2 id={headingId}>{t('settings.privacy.title')}</h2>
      {account.isError ? (
        <p className="is-error" role="alert">
          {t('settings.loadFailed')}
        </p>
      ) : (
        <ul className="setting-list">
          <li className="setting-row">
            <label htmlFor={id} className="setting-text">
              <span className="setting-label">{t('settings.privacy.invisible')}</span>
              <span className="setting-hint" id={`${id}-hint`}>
                {t('settings.privacy.invisibleHint')}
              </span>
            </label>
            <span className="form-check form-switch">
              <input
                className="form-check-input"
                type="checkbox"
                role="switch"
                aria-checked={invisible ?? false}
                id={id}
                aria-describedby={`${id}-hint`}
                checked={invisible ?? false}
                disabled={!account.data || setInvisible.isPending}
                onChange={(e) => setInvisible.mutate(e.target.checked)}
              />
            </span>
          </li>
        </ul>
      )}
      <SaveStatus mutation={setInvisible} />
    </section>
  );
}
