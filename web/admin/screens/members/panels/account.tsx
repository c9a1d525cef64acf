import { useTranslation } from 'react-i18next';
import type { MemberRecord } from '../../../../../common/api/admin/members';
import { EmptyState } from '../../../components/EmptyState';
import { useMembersFormat } from '../format';
import { Facts } from '../parts';

/** The account: site, address, status and suspension, credits, premium, language, dates, tracking. */
export function AccountPanel({ member }: { member: MemberRecord }) {
  const { t } = useTranslation('admin');
  const f = useMembersFormat();
  const a = member.account;
  const yes = (v: boolean) => (v ? t('common.yes') : t('common.no'));
  const tracking = Object.entries(a.tracking);
  const suspension =
    a.status !== 'suspended'
      ? null
      : a.suspended_until
        ? t('members.account.suspendedUntil', { until: f.dateTime(a.suspended_until) })
        : t('members.account.bannedNoEnd');
  return (
    <div className="admin-members-columns">
      <section className="admin-panel" aria-labelledby="admin-members-account">
        <h2 id="admin-members-account">{t('members.tabs.account')}</h2>
        <Facts
          items={[
            [t('common.id'), a.id],
            [t('common.site'), a.site],
            [
              t('common.email'),
              <span key="email" className="admin-members-email">
                {a.email}
              </span>,
            ],
            [t('common.status'), t(`members.status.${a.status}`)],
            [t('members.account.suspension'), suspension],
            [t('members.account.banned'), yes(a.banned)],
            [
              t('members.account.emailConfirmed'),
              a.email_confirmed_at ? f.dateTime(a.email_confirmed_at) : t('common.no'),
            ],
            [t('common.language'), a.language],
            [t('members.account.invisible'), yes(a.invisible)],
            [t('members.account.hiddenByReports'), yes(a.hidden_by_reports)],
            [t('members.account.deleted'), a.deleted_at ? f.dateTime(a.deleted_at) : t('common.no')],
            [t('members.account.deletionReason'), a.deletion_reason],
          ]}
        />
      </section>
      <div>
        <section className="admin-panel" aria-labelledby="admin-members-money">
          <h2 id="admin-members-money">{t('members.account.money')}</h2>
          <Facts
            items={[
              [
                t('members.columns.credits'),
                <span key="credits" className="admin-members-num">
                  {f.number(a.credits)}
                </span>,
              ],
              [t('members.account.paid'), yes(a.paid)],
            ]}
          />
        </section>
        <section className="admin-panel" aria-labelledby="admin-members-activity">
          <h2 id="admin-members-activity">{t('members.account.activity')}</h2>
          <Facts
            items={[
              [t('members.columns.signup'), f.dateTime(a.signup_date)],
              [t('members.columns.lastActive'), f.dateTime(a.last_active)],
              [t('members.account.sessions'), f.number(member.sessions.active)],
              [t('members.account.push'), f.number(member.sessions.push_subscriptions)],
              [
                t('members.account.tracking'),
                tracking.length ? (
                  <ul key="tracking" className="list-unstyled mb-0">
                    {tracking.map(([k, v]) => (
                      <li key={k}>
                        <span className="text-body-secondary">{k}:</span> {v}
                      </li>
                    ))}
                  </ul>
                ) : null,
              ],
            ]}
          />
        </section>
      </div>
    </div>
  );
}

/** The profile: every field, labelled as the member app labels them, and the fictional mark. */
export function ProfilePanel({ member }: { member: MemberRecord }) {
  const { t } = useTranslation('admin');
  const f = useMembersFormat();
  const p = member.profile;
  if (!p) return <EmptyState title={t('members.noProfile')}>{t('members.profile.none')}</EmptyState>;
  const label = (field: string, value: string | null) =>
    value ? t(`profile.${field}.${value}`, { ns: 'translation', defaultValue: value }) : null;
  const seeking =
    p.seeking_gender || p.seeking_min_age
      ? t('members.profile.seekingValue', {
          gender: label('gender', p.seeking_gender) ?? '—',
          min: p.seeking_min_age ?? '—',
          max: p.seeking_max_age ?? '—',
        })
      : null;
  return (
    <div className="admin-members-columns">
      <section className="admin-panel" aria-labelledby="admin-members-profile">
        <h2 id="admin-members-profile">{t('members.tabs.profile')}</h2>
        <Facts
          items={[
            [t('common.name'), p.name],
            [
              t('members.profile.fictional'),
              p.fictional ? t('members.profile.fictionalYes') : t('common.no'),
            ],
            [t('members.profile.status'), t(`members.profile.statuses.${p.status}`)],
            [t('members.profile.gender'), label('gender', p.gender)],
            [t('members.profile.sexuality'), label('sexuality', p.sexuality)],
            [
              t('members.profile.birthDate'),
              t('members.profile.birthDateValue', { date: f.date(p.birth_date), age: p.age }),
            ],
            [t('common.country'), p.country],
            [t('members.profile.region'), p.region_name ?? p.region_code],
            [t('members.profile.seeking'), seeking],
            [t('members.profile.relationshipStatus'), label('relationship_status', p.relationship_status)],
            [t('members.profile.reason'), label('reason', p.reason)],
            [t('members.profile.hairColour'), label('hair_colour', p.hair_colour)],
            [t('members.profile.eyeColour'), label('eye_colour', p.eye_colour)],
            [t('members.profile.bodyType'), label('body_type', p.body_type)],
            [t('members.profile.tattoos'), label('tattoos', p.tattoos)],
          ]}
        />
      </section>
      <div>
        <section className="admin-panel" aria-labelledby="admin-members-about">
          <h2 id="admin-members-about">{t('members.profile.about')}</h2>
          {p.about ? (
            <p className="admin-members-about">{p.about}</p>
          ) : (
            <p className="text-body-secondary mb-0">—</p>
          )}
        </section>
        <section className="admin-panel" aria-labelledby="admin-members-interests">
          <h2 id="admin-members-interests">{t('members.profile.interests')}</h2>
          {p.interests.length ? (
            <ul className="admin-members-chips">
              {p.interests.map((slug) => (
                <li key={slug}>{t(`interest.${slug}`, { ns: 'translation', defaultValue: slug })}</li>
              ))}
            </ul>
          ) : (
            <p className="text-body-secondary mb-0">—</p>
          )}
        </section>
      </div>
    </div>
  );
}

const KNOWN_ACTIONS = [
  'member.credits',
  'member.fictional',
  'member.not_fictional',
  'member.end_sessions',
  'member.suspend',
  'member.ban',
  'member.lift_suspension',
  'payment.refund',
];

/** What staff did to this member (the audit log's latest rows) and what the member was told. */
export function HistoryPanel({ member }: { member: MemberRecord }) {
  const { t } = useTranslation('admin');
  const f = useMembersFormat();
  return (
    <>
      <section className="admin-panel" aria-labelledby="admin-members-history">
        <h2 id="admin-members-history">{t('members.history.title')}</h2>
        {member.history.length === 0 ? (
          <p className="text-body-secondary mb-0">{t('members.history.none')}</p>
        ) : (
          <div className="table-responsive">
            <table className="table table-sm">
              <thead>
                <tr>
                  <th scope="col">{t('common.time')}</th>
                  <th scope="col">{t('common.staff')}</th>
                  <th scope="col">{t('members.history.action')}</th>
                  <th scope="col">{t('common.reason')}</th>
                </tr>
              </thead>
              <tbody>
                {member.history.map((h) => (
                  <tr key={h.id}>
                    <td className="text-nowrap">{f.dateTime(h.created_at)}</td>
                    <td>{h.staff ?? t('members.history.system')}</td>
                    <td>
                      {KNOWN_ACTIONS.includes(h.action)
                        ? t(`members.history.actions.${h.action.replace('.', '_')}`)
                        : h.action}
                    </td>
                    <td className="admin-members-reason">{h.reason}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
      <section className="admin-panel" aria-labelledby="admin-members-notices">
        <h2 id="admin-members-notices">{t('members.notices.title')}</h2>
        {member.notices.length === 0 ? (
          <p className="text-body-secondary mb-0">{t('members.notices.none')}</p>
        ) : (
          <div className="table-responsive">
            <table className="table table-sm">
              <thead>
                <tr>
                  <th scope="col">{t('common.time')}</th>
                  <th scope="col">{t('members.notices.kind')}</th>
                  <th scope="col">{t('members.reports.action')}</th>
                  <th scope="col">{t('common.note')}</th>
                  <th scope="col">{t('members.notices.read')}</th>
                </tr>
              </thead>
              <tbody>
                {member.notices.map((n) => (
                  <tr key={n.id}>
                    <td className="text-nowrap">{f.dateTime(n.created_at)}</td>
                    <td>{t(`members.notices.kinds.${n.kind}`)}</td>
                    <td>
                      {n.action ? t(`members.reports.actions.${n.action}`) : '—'}
                      {n.until && (
                        <div className="small text-body-secondary">
                          {t('members.notices.until', { until: f.dateTime(n.until) })}
                        </div>
                      )}
                    </td>
                    <td className="admin-members-reason">{n.note ?? '—'}</td>
                    <td className="text-nowrap">
                      {n.read_at ? f.dateTime(n.read_at) : t('members.notices.unread')}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </>
  );
}
