import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import type { MemberProfile } from '../../../common/api/member';
import { ApiError } from '../../api/client';
import { useLikeToggle } from '../../api/likes';
import { useBlockToggle } from '../../api/member';
import { Dialog } from '../../components/Dialog';
import type { LoginReason } from '../../state/auth';
import { BlockIcon, ChatIcon, GiftIcon, HeartIcon } from './icons';

const problemOf = (err: unknown, fallback: string) =>
  err instanceof ApiError && err.body ? err.body.message : fallback;

/**
 * Like / unlike, message, gift and block. Visitors get the login-required message of each action
 * (`onLoginRequired`); message and gift both open the chat with the member, where gifts are sent.
 */
export function ProfileActions({
  profile,
  visitor,
  onLoginRequired,
}: {
  profile: MemberProfile;
  visitor: boolean;
  onLoginRequired: (reason: LoginReason) => void;
}) {
  const { t } = useTranslation();
  const like = useLikeToggle();
  const [matched, setMatched] = useState(false);
  const chat = `/members/${profile.id}/chat`;

  const toggleLike = () => {
    if (visitor) return onLoginRequired('like');
    setMatched(false);
    like.mutate(
      { memberId: profile.id, liked: !profile.liked },
      { onSuccess: (answer) => setMatched(answer.like.liked && answer.like.match) },
    );
  };

  return (
    <div className="member-actions-wrap">
      <div className="member-actions">
        <button
          type="button"
          className={`btn member-like ${profile.liked ? 'btn-outline-primary is-liked' : 'btn-primary'}`}
          onClick={toggleLike}
          disabled={like.isPending}
        >
          <HeartIcon filled={profile.liked} />
          {profile.liked ? t('memberProfile.actions.unlike') : t('memberProfile.actions.like')}
        </button>
        {visitor ? (
          <>
            <button type="button" className="btn btn-secondary" onClick={() => onLoginRequired('chat')}>
              <ChatIcon />
              {t('memberProfile.actions.message')}
            </button>
            <button
              type="button"
              className="btn btn-outline-secondary"
              onClick={() => onLoginRequired('gift')}
            >
              <GiftIcon />
              {t('memberProfile.actions.gift')}
            </button>
          </>
        ) : (
          <>
            <Link to={chat} className="btn btn-secondary">
              <ChatIcon />
              {t('memberProfile.actions.message')}
            </Link>
            <Link to={chat} state={{ gift: true }} className="btn btn-outline-secondary">
              <GiftIcon />
              {t('memberProfile.actions.gift')}
            </Link>
          </>
        )}
      </div>
      <p className={`member-status ${like.isError ? 'is-error' : 'is-match'}`} role="status">
        {like.isError
          ? problemOf(like.error, t('error.internal'))
          : matched
            ? t('memberProfile.match', { name: profile.name })
            : ''}
      </p>
    </div>
  );
}

/**
 * Block, after a confirmation, then back to the search: the blocked member is gone from every page
 * of the blocker's but the block list in the settings, where the block is lifted.
 */
export function BlockControl({ profile }: { profile: MemberProfile }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const block = useBlockToggle();
  const [confirming, setConfirming] = useState(false);
  const close = () => setConfirming(false);

  return (
    <>
      <button type="button" className="btn btn-link member-block-link" onClick={() => setConfirming(true)}>
        <BlockIcon />
        {t('memberProfile.block.button', { name: profile.name })}
      </button>
      <Dialog
        open={confirming}
        title={t('memberProfile.block.title', { name: profile.name })}
        onCancel={close}
        onBackdropClick={close}
        footer={
          <>
            <button type="button" className="btn btn-outline-secondary" onClick={close} data-autofocus>
              {t('memberProfile.block.cancel')}
            </button>
            <button
              type="button"
              className="btn btn-danger"
              disabled={block.isPending}
              onClick={() =>
                block.mutate(
                  { memberId: profile.id, blocked: true },
                  { onSuccess: () => navigate('/members', { replace: true }) },
                )
              }
            >
              {t('memberProfile.block.confirm')}
            </button>
          </>
        }
      >
        <p className="mb-0">{t('memberProfile.block.body', { name: profile.name })}</p>
        {block.isError && (
          <p className="member-status is-error mt-2 mb-0" role="alert">
            {problemOf(block.error, t('error.internal'))}
          </p>
        )}
      </Dialog>
    </>
  );
}
