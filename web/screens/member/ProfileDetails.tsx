import { useTranslation } from 'react-i18next';
import type { MemberProfile } from '../../../common/api/member';
import type { SiteSettings } from '../../../common/api/settings';
import { DETAIL_FIELDS } from '../../../common/profile-options';
import { useInterests } from '../../api/site';

/** The site's visible fields with their values in the reader's language, the notes and interests. */
export function ProfileDetails({ profile, settings }: { profile: MemberProfile; settings: SiteSettings }) {
  const { t, i18n } = useTranslation();
  const interests = useInterests(i18n.language).data;
  const shown = new Set<string>(settings.visible_profile_fields);
  const value = (field: (typeof DETAIL_FIELDS)[number]): string | null => {
    if (field === 'age') return String(profile.age);
    const v = profile[field];
    return v ? t(`profile.${field}.${v}`) : null;
  };
  const rows = DETAIL_FIELDS.filter((f) => shown.has(f)).flatMap((f) => {
    const v = value(f);
    return v ? [{ field: f, value: v }] : [];
  });
  const byId = new Map(interests?.map((i) => [i.id, i]));
  const mine = (profile.interests ?? []).flatMap((id) => {
    const i = byId.get(id);
    return i ? [i] : [];
  });

  return (
    <>
      {profile.about !== undefined && profile.about.trim() !== '' && (
        <section className="member-section" aria-labelledby="member-about">
          <h2 id="member-about">{t('memberProfile.about', { name: profile.name })}</h2>
          <p className="member-about">{profile.about}</p>
        </section>
      )}
      {rows.length > 0 && (
        <section className="member-section" aria-labelledby="member-details">
          <h2 id="member-details">{t('memberProfile.details')}</h2>
          <dl className="member-fields">
            {rows.map((r) => (
              <div key={r.field}>
                <dt>{t(`memberProfile.fields.${r.field}`)}</dt>
                <dd>{r.value}</dd>
              </div>
            ))}
          </dl>
        </section>
      )}
      {mine.length > 0 && (
        <section className="member-section" aria-labelledby="member-interests">
          <h2 id="member-interests">{t('memberProfile.interests')}</h2>
          <ul className="member-interests">
            {mine.map((i) => (
              <li key={i.id}>
                <span aria-hidden="true">{i.icon}</span> {i.label}
              </li>
            ))}
          </ul>
        </section>
      )}
    </>
  );
}
