import { useTranslation } from 'react-i18next';
import type { EvidenceMessage } from '../../../../common/api/admin/moderation';
import { useModerationFormat } from './parts';

/**
 * A report's evidence as the chat it came from: the reported member's messages on the left, the
 * reporter's on the right, each with its time. The only place staff read chat messages.
 */
export function Transcript(props: { messages: EvidenceMessage[]; reporter: string; reported: string }) {
  const { t } = useTranslation('admin');
  const f = useModerationFormat();
  const who = (m: EvidenceMessage) =>
    m.from === 'reporter'
      ? props.reporter
      : m.from === 'reported'
        ? props.reported
        : t('moderation.evidence.other');
  return (
    <ol className="admin-transcript" aria-label={t('moderation.evidence.label')}>
      {props.messages.map((m) => (
        <li key={m.id} className={`admin-transcript__message admin-transcript__message--${m.from}`}>
          <div className="admin-transcript__who">
            <span className="fw-semibold">{who(m)}</span> ·{' '}
            <time dateTime={m.created_at}>{f.dateTime(m.created_at)}</time>
          </div>
          <div className="admin-transcript__bubble">
            {m.kind === 'photo' ? (
              m.photo_url ? (
                <img
                  src={m.photo_url}
                  alt={t('moderation.evidence.photo', { name: who(m) })}
                  loading="lazy"
                />
              ) : (
                <em>{t('moderation.evidence.photoGone')}</em>
              )
            ) : m.kind === 'gift' ? (
              <em>
                {t('moderation.evidence.gift', {
                  gift: m.gift ? t(`gifts.${m.gift}`, { ns: 'translation', defaultValue: m.gift }) : '',
                })}
              </em>
            ) : null}
            {m.body && <p>{m.body}</p>}
          </div>
        </li>
      ))}
    </ol>
  );
}
