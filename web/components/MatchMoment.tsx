import './MatchMoment.scss';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { ProfileCard } from '../../common/api/profile';
import { useUser } from '../api/user';
import { markMatchMomentSeen, matchMomentDone, useMatchMoment } from '../state/match-moment';
import { Dialog } from './Dialog';

/** One side of the moment: the member's main photo as they may see it, or their initial. */
function MomentPhoto({ profile, alt, side }: { profile: ProfileCard; alt: string; side: 'own' | 'other' }) {
  // A premium photo reaches a viewer without premium only blurred (the server decides): never the original.
  const image = profile.main_image;
  return (
    <figure className={`match-moment-photo is-${side}${image?.locked ? ' is-locked' : ''}`}>
      {image ? (
        <img src={image.thumb_filename} alt={alt} width={320} height={400} />
      ) : (
        <span className="match-moment-initial" role="img" aria-label={alt}>
          {profile.name.slice(0, 1)}
        </span>
      )}
    </figure>
  );
}

/**
 * The match moment, full screen over whatever page is open: both members' photos, "It's a match",
 * "Send a message" (the chat with an opener suggested in the composer) and "Keep browsing". It is
 * marked seen on the server as it shows, so it shows once.
 */
export default function MatchMoment() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { data: user } = useUser();
  const moment = useMatchMoment();

  useEffect(() => {
    if (moment) markMatchMomentSeen(moment);
  }, [moment]);

  if (!moment || !user) return null;
  const other = moment.profile;
  const close = () => matchMomentDone(other.id);
  const message = () => {
    close();
    navigate(`/members/${other.id}/chat`, { state: { icebreaker: true } });
  };
  return (
    <Dialog
      // A new dialog per match: the next one opens afresh, with the focus on its own button.
      key={other.id}
      open
      className="match-moment"
      title={t('matchMoment.title')}
      onCancel={close}
    >
      <div className="match-moment-body">
        <div className="match-moment-photos">
          <MomentPhoto profile={user.profile} alt={t('matchMoment.yourPhoto')} side="own" />
          <span className="match-moment-heart" aria-hidden="true">
            ♥
          </span>
          <MomentPhoto profile={other} alt={t('profile.photoOf', { name: other.name })} side="other" />
        </div>
        <p className="match-moment-text">{t('matchMoment.text', { name: other.name })}</p>
        <div className="match-moment-actions">
          <button
            type="button"
            className="btn btn-light btn-lg match-moment-message"
            onClick={message}
            data-autofocus
          >
            {t('matchMoment.message')}
          </button>
          <button type="button" className="btn btn-link match-moment-later" onClick={close}>
            {t('matchMoment.keepBrowsing')}
          </button>
        </div>
      </div>
    </Dialog>
  );
}
