import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { MatchFinderResponse } from '../../../common/api/match-finder';
import { useLikeToggle } from '../../api/likes';
import { ProfileCardView } from '../../components/ProfileCardView';
import { MatchReasons } from './MatchReasons';

type Suggestion = MatchFinderResponse['suggestions'][number];

/** One suggestion: the card opens the profile; the reasons and a like button sit below it. */
export function SuggestionCard({ suggestion }: { suggestion: Suggestion }) {
  const { t } = useTranslation();
  const { profile, reasons } = suggestion;
  const like = useLikeToggle();
  const [match, setMatch] = useState(false);
  const liked = like.isSuccess;
  return (
    <article className="suggestion" aria-label={profile.name}>
      <Link to={`/members/${profile.id}`} className="suggestion-link">
        <ProfileCardView profile={profile} />
      </Link>
      <div className="suggestion-body">
        <MatchReasons reasons={reasons} />
        <button
          type="button"
          className={`btn btn-sm suggestion-like ${liked ? 'btn-primary' : 'btn-outline-primary'}`}
          aria-label={liked ? t('matchFinder.liked') : t('matchFinder.likeName', { name: profile.name })}
          aria-pressed={liked}
          disabled={liked || like.isPending}
          onClick={() =>
            like.mutate({ memberId: profile.id, liked: true }, { onSuccess: (d) => setMatch(d.like.match) })
          }
        >
          <span aria-hidden="true">♥</span> {liked ? t('matchFinder.liked') : t('matchFinder.like')}
        </button>
        <p className="suggestion-status" aria-live="polite">
          {match && t('matchFinder.match', { name: profile.name })}
          {like.isError && <span className="text-danger">{t('matchFinder.failed')}</span>}
        </p>
      </div>
    </article>
  );
}
