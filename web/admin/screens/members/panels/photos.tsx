import { useTranslation } from 'react-i18next';
import type { MemberRecord } from '../../../../../common/api/admin/members';
import { EmptyState } from '../../../components/EmptyState';
import { useMembersFormat } from '../format';

const STATUS_CLASS = { approved: 'text-bg-success', pending: 'text-bg-warning', rejected: 'text-bg-danger' };

/** Every photo, premium ones too, with its state in the moderation queue. */
export function PhotosPanel({ member }: { member: MemberRecord }) {
  const { t } = useTranslation('admin');
  const f = useMembersFormat();
  if (member.photos.length === 0) return <EmptyState title={t('members.photos.none')} />;
  return (
    <ul className="admin-members-photos">
      {member.photos.map((ph, i) => (
        <li key={ph.id} className="admin-members-photo">
          <a href={ph.url} target="_blank" rel="noopener" className="admin-members-photo__image">
            <img
              src={ph.thumb_url}
              alt={t('members.photos.alt', { number: i + 1 })}
              loading="lazy"
              decoding="async"
            />
          </a>
          <div className="admin-members-photo__meta">
            <span className="admin-members-badges">
              <span className={`badge ${STATUS_CLASS[ph.status]}`}>
                {t(`members.photos.status.${ph.status}`)}
              </span>
              {ph.main && <span className="badge text-bg-light">{t('members.photos.main')}</span>}
              {ph.premium && (
                <span className="badge admin-members-badge-premium">{t('members.photos.premium')}</span>
              )}
            </span>
            <div className="small text-body-secondary">
              {ph.reviewed_at
                ? t('members.photos.reviewed', { date: f.dateTime(ph.reviewed_at) })
                : t('members.photos.waiting')}
            </div>
            {ph.rejection_reason && (
              <div className="small">
                {t('members.photos.rejection', {
                  reason: t(`notices.photoReasons.${ph.rejection_reason}`, {
                    ns: 'translation',
                    defaultValue: ph.rejection_reason,
                  }),
                })}
              </div>
            )}
          </div>
        </li>
      ))}
    </ul>
  );
}
