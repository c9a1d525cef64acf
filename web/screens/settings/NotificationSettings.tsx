import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { NOTIFICATION_KINDS, type NotificationKind } from '../../../common/api/settings-account';
import { useNotifications, useUpdateNotifications } from '../../api/settings-account';
import { SaveStatus } from './SaveStatus';

/** The 8 kinds of SPEC §3 with an e-mail switch each; a switch saves as it moves. */
export function NotificationSettings({ emailOff }: { emailOff: boolean }) {
  const { t } = useTranslation();
  const notifications = useNotifications();
  const update = useUpdateNotifications();
  const headingId = useId();
  const settings = notifications.data?.settings;
  return (
    <section className="settings-card" aria-labelledby={headingId} aria-busy={notifications.isPending}>
      <h2 id={headingId}>{t('settings.email.title')}</h2>
      <p className="settings-intro">{t('settings.email.intro')}</p>
      {emailOff && <p className="settings-note">{t('settings.email.paused')}</p>}
      {notifications.isError ? (
        <p className="is-error" role="alert">
          {t('settings.loadFailed')}
        </p>
      ) : (
        <ul className="setting-list">
          {NOTIFICATION_KINDS.map((kind) => (
            <KindRow
              key={kind}
              kind={kind}
              checked={settings?.[kind].email ?? true}
              disabled={!settings}
              onChange={(email) => update.mutate({ settings: { [kind]: { email } } })}
            />
          ))}
        </ul>
      )}
      <SaveStatus mutation={update} />
    </section>
  );
}

function KindRow(props: {
  kind: NotificationKind;
  checked: boolean;
  disabled: boolean;
  onChange: (on: boolean) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <li className="setting-row">
      <label htmlFor={id} className="setting-text">
        <span className="setting-label">{t(`settings.kinds.${props.kind}.label`)}</span>
        <span className="setting-hint" id={`${id}-hint`}>
          {t(`settings.kinds.${props.kind}.hint`)}
        </span>
      </label>
      <span className="form-check form-switch">
        <input
          className="form-check-input"
          type="checkbox"
          role="switch"
          aria-checked={props.checked}
          id={id}
          aria-describedby={`${id}-hint`}
          checked={props.checked}
          disabled={props.disabled}
          onChange={(e) => props.onChange(e.target.checked)}
        />
      </span>
    </li>
  );
}
