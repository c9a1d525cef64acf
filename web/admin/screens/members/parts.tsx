import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { MemberSummary } from '../../../../common/api/admin/members';

/** A member's main photo as a small square, or a neutral placeholder without one. */
export function MemberThumb(props: { url: string | null; size?: 'sm' | 'lg' }) {
  const cls = `admin-members-thumb admin-members-thumb--${props.size ?? 'sm'}`;
  if (!props.url) return <span className={`${cls} admin-members-thumb--empty`} aria-hidden="true" />;
  return (
    <img
      className={cls}
      src={props.url}
      alt=""
      decoding="async"
      loading={props.size === 'lg' ? 'eager' : 'lazy'}
    />
  );
}

const STATUS_CLASS: Record<MemberSummary['status'], string> = {
  active: 'text-bg-success',
  not_confirmed: 'text-bg-light',
  suspended: 'text-bg-danger',
  deleted: 'text-bg-secondary',
};

/** The account's status and what else marks it: premium, fictional, deleted, banned. */
export function MemberBadges(props: {
  status: MemberSummary['status'];
  paid: boolean;
  fictional: boolean;
  deleted: boolean;
  banned?: boolean;
  suspendedUntil?: string | null;
}) {
  const { t } = useTranslation('admin');
  const banned = props.banned || (props.status === 'suspended' && props.suspendedUntil === null);
  return (
    <span className="admin-members-badges">
      <span className={`badge ${STATUS_CLASS[props.status]}`}>
        {banned ? t('members.status.banned') : t(`members.status.${props.status}`)}
      </span>
      {props.deleted && props.status !== 'deleted' && (
        <span className="badge text-bg-secondary">{t('members.status.deleted')}</span>
      )}
      {props.paid && <span className="badge admin-members-badge-premium">{t('members.badges.premium')}</span>}
      {props.fictional && (
        <span className="badge admin-members-badge-fictional">{t('members.badges.fictional')}</span>
      )}
    </span>
  );
}

/** A two-column list of facts: term and value; an empty value reads "—". */
export function Facts(props: { items: [string, ReactNode][]; className?: string }) {
  return (
    <dl className={`admin-members-facts ${props.className ?? ''}`}>
      {props.items.map(([term, value]) => (
        <div className="admin-members-facts__row" key={term}>
          <dt>{term}</dt>
          <dd>{value === null || value === undefined || value === '' ? '—' : value}</dd>
        </div>
      ))}
    </dl>
  );
}
