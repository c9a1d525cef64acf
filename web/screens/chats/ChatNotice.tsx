import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ChatDetail } from '../../../common/api/chats';
import { FREE_CHAT_STARTS } from '../../../common/constants';
import { useResendActivation } from '../../api/account-mail';

/**
 * Why the composer is not there: premium needed, or the member must confirm. (Behind a block the
 * chat is not found at all: the screen shows the not-found page.)
 */
export function CannotSendNotice({ chat }: { chat: ChatDetail }) {
  const { t } = useTranslation();
  const name = chat.profile.name;
  if (chat.cannot_send === 'premium_required')
    return (
      <div className="chat-notice is-premium" role="note">
        <strong>{t('chat.premium.title')}</strong>
        <p>{t('chat.premium.text', { limit: FREE_CHAT_STARTS })}</p>
        <Link to="/premium" className="btn btn-primary btn-sm">
          {t('chat.premium.cta')}
        </Link>
      </div>
    );
  return (
    <div className="chat-notice" role="note">
      <p className="mb-0">{t('chat.recipientNotConfirmed', { name })}</p>
    </div>
  );
}

/** The viewer's own e-mail is unconfirmed: they may write, but no reply can come until they confirm. */
export function AwaitingConfirmationNotice({ name }: { name: string }) {
  const { t } = useTranslation();
  const resend = useResendActivation();
  return (
    <div className="chat-notice is-confirm" role="note">
      <p>{t('chat.awaitingMe', { name })}</p>
      <button
        type="button"
        className="btn btn-sm btn-outline-primary"
        disabled={resend.isPending || resend.isSuccess}
        onClick={() => resend.mutate()}
      >
        {t('accountMail.resend')}
      </button>
      <span className="chat-notice-status" role="status">
        {resend.isError ? resend.error.message : resend.isSuccess ? t('accountMail.resent') : ''}
      </span>
    </div>
  );
}
