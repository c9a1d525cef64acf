import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ChatSummary } from '../../../common/api/chats';
import { badgeText } from '../../../common/rules/badge';
import { useRemoveChat } from '../../api/chats';
import { Dialog } from '../../components/Dialog';
import { lastChat } from '../../state/last-chat';
import { Avatar } from './Avatar';
import { listTime } from './time';

/** What the overview shows of the last message: its words, or what kind of message it was. */
function Preview({ chat, viewerId }: { chat: ChatSummary; viewerId: number }) {
  const { t } = useTranslation();
  const last = chat.last_message;
  if (!last) return <span className="chat-row-preview is-empty">{t('chats.noMessages')}</span>;
  const text =
    last.kind === 'photo'
      ? t('chats.photo')
      : last.kind === 'gift'
        ? last.gift
          ? t(`gifts.${last.gift.slug}`)
          : t('chats.gift')
        : last.body.replace(/\s+/g, ' ');
  return (
    <span className="chat-row-preview">{last.sender_id === viewerId ? t('chats.you', { text }) : text}</span>
  );
}

function TrashIcon() {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      <path
        d="M4 7h16M9 7V4.5h6V7M6.5 7l1 13h9l1-13M10 11v6M14 11v6"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/**
 * The member's chats, most recent first: photo, name, last message, its time and the unread
 * count, and a delete control (with a confirmation). `current` marks the open conversation; the
 * last opened chat (kept in this browser) is marked in the overview.
 */
export function ChatList({
  chats,
  viewerId,
  current,
  now,
}: {
  chats: ChatSummary[];
  viewerId: number;
  current?: number;
  now: Date;
}) {
  const { t, i18n } = useTranslation();
  const remove = useRemoveChat();
  const [deleting, setDeleting] = useState<ChatSummary | null>(null);
  const last = current === undefined ? lastChat() : null;
  const close = () => setDeleting(null);
  return (
    <>
      <ul className="chat-list">
        {chats.map((chat) => {
          const unread = badgeText(chat.num_unread_messages);
          const id = chat.conversation.id;
          const isCurrent = id === current;
          const wasLast = last?.memberId === chat.profile.id;
          return (
            <li key={id} className={`chat-row${unread ? ' is-unread' : ''}${isCurrent ? ' is-current' : ''}`}>
              <Link
                to={`/chats/${id}`}
                className="chat-row-link"
                aria-current={isCurrent ? 'page' : undefined}
              >
                <Avatar profile={chat.profile} size={56} />
                <span className="chat-row-main">
                  <span className="chat-row-top">
                    <span className="chat-row-name">
                      {chat.profile.name}
                      {chat.profile.age ? <span className="chat-row-age">, {chat.profile.age}</span> : null}
                    </span>
                    {chat.last_message && (
                      <time className="chat-row-time" dateTime={chat.last_message.created_at}>
                        {listTime(chat.last_message.created_at, now, i18n.language)}
                      </time>
                    )}
                  </span>
                  <span className="chat-row-bottom">
                    <Preview chat={chat} viewerId={viewerId} />
                    {unread && (
                      <span className="chat-row-unread">
                        <span aria-hidden="true">{unread}</span>
                        <span className="visually-hidden">
                          {t('chats.unread', { count: chat.num_unread_messages })}
                        </span>
                      </span>
                    )}
                  </span>
                  {wasLast && <span className="chat-row-last">{t('chats.lastOpened')}</span>}
                </span>
              </Link>
              <button
                type="button"
                className="chat-row-delete"
                aria-label={t('chats.delete.button', { name: chat.profile.name })}
                title={t('chats.delete.button', { name: chat.profile.name })}
                onClick={() => setDeleting(chat)}
              >
                <TrashIcon />
              </button>
            </li>
          );
        })}
      </ul>
      <Dialog
        open={deleting !== null}
        title={t('chats.delete.title')}
        onCancel={close}
        onBackdropClick={close}
        footer={
          <>
            <button type="button" className="btn btn-outline-secondary" onClick={close} data-autofocus>
              {t('chats.delete.cancel')}
            </button>
            <button
              type="button"
              className="btn btn-danger"
              onClick={() => {
                if (deleting) remove.mutate(deleting.conversation.id);
                close();
              }}
            >
              {t('chats.delete.confirm')}
            </button>
          </>
        }
      >
        <p className="mb-0">{t('chats.delete.body', { name: deleting?.profile.name ?? '' })}</p>
      </Dialog>
    </>
  );
}
