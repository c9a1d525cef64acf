import { useTranslation } from 'react-i18next';
import type { OutboxMessage } from '../../state/outbox';
import { GiftIcon } from './gifts/GiftIcon';
import type { HistoryRow, MessageState } from './history-rows';
import { FailedIcon, ReadIcon, SendingIcon, SentIcon } from './icons';
import { MessageText } from './MessageText';
import { clockTime } from './time';

const STATE_ICONS: Record<MessageState, () => React.JSX.Element> = {
  sending: SendingIcon,
  sent: SentIcon,
  read: ReadIcon,
  failed: FailedIcon,
};

/** Sending / sent / read / not sent: an icon for the eye, the word for a screen reader. */
export function StateMark({ state }: { state: MessageState }) {
  const { t } = useTranslation();
  const Icon = STATE_ICONS[state];
  return (
    <span className={`chat-state is-${state}`} title={t(`chat.state.${state}`)}>
      <Icon />
      <span className="visually-hidden">{t(`chat.state.${state}`)}</span>
    </span>
  );
}

/**
 * One message: own on the right, the other member's on the left; a gift with its picture and
 * name, a photo as an image, words as plain text with safe links. A failed send offers a retry.
 */
export function MessageBubble({
  row,
  otherName,
  onRetry,
  onDiscard,
}: {
  row: Extract<HistoryRow, { type: 'message' }>;
  otherName: string;
  onRetry: (m: OutboxMessage) => void;
  onDiscard: (m: OutboxMessage) => void;
}) {
  const { t, i18n } = useTranslation();
  const { message, mine, state } = row;
  const local = 'local' in message ? message : null;
  const sender = mine ? t('chat.you') : otherName;
  return (
    <div className={`chat-msg ${mine ? 'is-mine' : 'is-theirs'}${state ? ` is-${state}` : ''}`}>
      <div className={`chat-bubble is-${message.kind}`}>
        <span className="visually-hidden">{sender}: </span>
        {message.kind === 'gift' && message.gift && (
          <span className="chat-gift">
            <GiftIcon slug={message.gift.slug} size={64} />
            <span className="chat-gift-text">
              <span className="chat-gift-label">{t('chat.gift')}</span>
              <strong>{t(`gifts.${message.gift.slug}`, { defaultValue: t('chat.gift') })}</strong>
            </span>
          </span>
        )}
        {message.kind === 'photo' && message.photo && (
          <a
            href={message.photo.url}
            target="_blank"
            rel="noopener noreferrer"
            className="chat-photo-link"
            aria-label={mine ? t('chat.photoMine') : t('chat.photoFrom', { name: otherName })}
          >
            <img className="chat-photo" src={message.photo.thumb_url} alt="" loading="lazy" />
          </a>
        )}
        {message.body && (
          <p className="chat-text">
            <MessageText body={message.body} />
          </p>
        )}
        <span className="chat-meta">
          <time dateTime={message.created_at}>{clockTime(message.created_at, i18n.language)}</time>
          {state && <StateMark state={state} />}
        </span>
      </div>
      {local && local.local.state === 'failed' && (
        <div className="chat-failed">
          <span>{t('chat.notSent')}</span>
          <button type="button" className="btn btn-link btn-sm" onClick={() => onRetry(local)}>
            {t('chat.retrySend')}
          </button>
          <button type="button" className="btn btn-link btn-sm" onClick={() => onDiscard(local)}>
            {t('chat.discard')}
          </button>
        </div>
      )}
    </div>
  );
}
