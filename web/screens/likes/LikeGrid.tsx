import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { LikeType } from '../../../common/constants';
import { useLikeToggle } from '../../api/likes';
import { EAGER_CARDS, ProfileCardView } from '../../components/ProfileCardView';
import type { LikeCard } from './likes-lists';

/** The photo-first cards of one tab; each opens the profile at /likes/m/{id}. */
export function LikeGrid(props: { type: LikeType; cards: LikeCard[]; onMatch: (name: string) => void }) {
  const { t } = useTranslation();
  const toggle = useLikeToggle();
  if (props.cards.length === 0) {
    return (
      <div className="likes-empty">
        <span className="likes-empty-mark" aria-hidden="true">
          ♥
        </span>
        <h2>{t(`likes.empty.${props.type}`)}</h2>
        <p>{t(`likes.emptyHint.${props.type}`)}</p>
        <Link to="/members" className="btn btn-primary btn-lg">
          {t('likes.cta')}
        </Link>
      </div>
    );
  }
  return (
    <ul className="profile-grid likes-grid">
      {props.cards.map(({ profile, isNew, match }, i) => (
        <li key={profile.id} className="likes-item">
          <Link to={`/likes/m/${profile.id}`} className="likes-card-link">
            <ProfileCardView profile={profile} priority={i < EAGER_CARDS} />
            {isNew && <span className="likes-new-mark">{t('likes.new')}</span>}
          </Link>
          {props.type === 'received' && !match && (
            <button
              type="button"
              className="btn btn-primary btn-sm likes-like-back"
              aria-label={t('likes.likeBackOf', { name: profile.name })}
              disabled={toggle.isPending && toggle.variables?.memberId === profile.id}
              onClick={() =>
                toggle.mutate(
                  { memberId: profile.id, liked: true },
                  { onSuccess: (res) => res.like.match && props.onMatch(profile.name) },
                )
              }
            >
              <span aria-hidden="true">♥ </span>
              {t('likes.likeBack')}
            </button>
          )}
        </li>
      ))}
    </ul>
  );
}
