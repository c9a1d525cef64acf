import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import {
  channelsOf,
  NOTIFICATION_CHANNELS,
  NOTIFICATION_KINDS,
  type NotificationChannel,
  type NotificationKind,
} from '../../../common/api/settings-account';
import { useNotifications, useUpdateNotifications } from '../../api/settings-account';
import { PushDevice } from './PushDevice';
import { SaveStatus } from './SaveStatus';

/**
 * The 8 notification kinds, each with a switch per channel: e-mail for every kind, push for the kinds
 * a push is worth it for (common/api/push.ts PUSH_KINDS). A switch saves as it moves.
 */
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
      <PushDevice />
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
              choices={settings?.[kind]}
              onChange={(channel, on) => update.mutate({ settings: { [kind]: { [channel]: on } } })}
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
  /** Undefined while loading: the switches show on and wait. */
  choices: Partial<Record<NotificationChannel, boolean>> | undefined;
  onChange: (channel: NotificationChannel, on: boolean) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const channels = channelsOf(props.kind);
  return (
    <li className="setting-row">
      <div className="setting-text">
        <span className="setting-label" id={`${id}-label`}>
          {t(`settings.kinds.${props.kind}.label`)}
        </span>
        <span className="setting-hint" id={`${id}-hint`}>
          {t(`settings.kinds.${props.kind}.hint`)}
        </span>
      </div>
      <div className="setting-channels">
        {NOTIFICATION_CHANNELS.map((channel) =>
          channels.includes(channel) ? (
            <label
              key={channel}
              className="form-check form-switch setting-channel"
              htmlFor={`${id}-${channel}`}
            >
              <input
                className="form-check-input"
                type="checkbox"
                role="switch"
                id={`${id}-${channel}`}
                // "E-mail New messages": the channel, then the kind it is for.
                aria-labelledby={`${id}-${channel}-name ${id}-label`}
                aria-describedby={`${id}-hint`}
                aria-checked={props.choices?.[channel] ?? true}
                checked={props.choices?.[channel] ?? true}
                disabled={!props.choices}
                onChange={(e) => props.onChange(channel, e.target.checked)}
              />
              <span className="setting-channel-name" id={`${id}-${channel}-name`}>
                {t(`settings.channels.${channel}`)}
              </span>
            </label>
          ) : (
            // Keeps the switches of every row in one column each.
            <span key={channel} className="setting-channel" aria-hidden="true" />
          ),
        )}
      </div>
    </li>
  );
}
