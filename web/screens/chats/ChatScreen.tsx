import './chats.scss';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useMatch, useParams } from 'react-router';
import type { ChatDetail } from '../../../common/api/chats';
import type { CurrentUser } from '../../../common/api/user';
import { type ChatRef, useChat, useChats } from '../../api/chats';
import { ApiError } from '../../api/client';
import { outboxKey, type SendFailure, useMessages, useSendMessage } from '../../api/messages';
import { sendTyping, useTyping } from '../../api/realtime';
import { useSettings } from '../../api/site';
import { useUser } from '../../api/user';
import { LazyReportDialog, type ReportRequestState } from '../../components/report/ReportAction';
import { loginPath } from '../../state/auth';
import { rememberLastChat } from '../../state/last-chat';
import { useOutbox } from '../../state/outbox';
import { NotFound } from '../error/lazy';
import { ChatHeader } from './ChatHeader';
import { ChatList } from './ChatList';
import { AwaitingConfirmationNotice, CannotSendNotice } from './ChatNotice';
import { useMinuteClock } from './ChatsScreen';
import { Composer } from './Composer';
import { problemText, useIncomingAnnouncement, useMarkReadWhileOpen } from './conversation-hooks';
import { GiftPicker } from './GiftPicker';
import { History } from './History';
import { historyRows } from './history-rows';
import { ICEBREAKERS, IcebreakerDialog } from './IcebreakerDialog';
import { IdeaIcon } from './icons';
import { PhotoPreview } from './PhotoPreview';
import { useMessageMoney } from './price';
import { CreditsDialog, PremiumDialog } from './SendDialogs';

const isId = (v: string | undefined) => /^\d{1,15}$/.test(v ?? '') && Number(v) > 0;

/** /chats/{id} (a conversation) and /members/{id}/chat (start or continue with a member). */
export default function ChatScreen() {
  const { id } = useParams();
  const byMember = useMatch('/members/:id/chat') !== null;
  const location = useLocation();
  const user = useUser();
  const valid = isId(id);
  const ref: ChatRef = byMember ? { memberId: Number(id) } : { conversationId: Number(id) };
  const chat = useChat(ref, valid && Boolean(user.data));
  if (!valid) return <NotFound />;
  if (!user.isPending && !user.data) return <Navigate to={loginPath(location.pathname, 'chat')} replace />;
  if (chat.error) {
    if (chat.error instanceof ApiError && [400, 404].includes(chat.error.status)) return <NotFound />;
    throw chat.error;
  }
  if (!chat.data || !user.data) return <div className="chat-page is-loading" aria-busy="true" />;
  return <Conversation key={`${byMember}-${id}`} chatRef={ref} chat={chat.data} user={user.data} />;
}

function Conversation({ chatRef, chat, user }: { chatRef: ChatRef; chat: ChatDetail; user: CurrentUser }) {
  const { t, i18n } = useTranslation();
  const location = useLocation();
  const settings = useSettings();
  const messageMoney = useMessageMoney();
  const now = useMinuteClock();
  const viewerId = user.profile.id;
  const profile = chat.profile;
  const conversationId = chat.conversation?.id ?? null;
  const messages = useMessages(conversationId);
  const pending = useOutbox(outboxKey(chatRef));
  const chats = useChats();
  const typing = useTyping(conversationId);

  // Opened from a match moment: an opener is suggested in the composer, to send or to change.
  const [opener] = useState(() =>
    (location.state as { icebreaker?: boolean } | null)?.icebreaker === true
      ? t(`icebreakers.${ICEBREAKERS[Math.floor(Math.random() * ICEBREAKERS.length)]}`, {
          name: profile.name,
        })
      : null,
  );
  // A first message written on this member's landing at signup that could not be sent yet.
  const [draft, setDraft] = useState(chat.draft ?? opener ?? '');
  const [focusToken, setFocusToken] = useState(opener ? 1 : 0);
  const [problem, setProblem] = useState<SendFailure | null>(null);
  const [giftOpen, setGiftOpen] = useState(
    () => (location.state as { gift?: boolean } | null)?.gift === true,
  );
  const [icebreakersDismissed, setIcebreakersDismissed] = useState(opener !== null);
  const [report, setReport] = useState<ReportRequestState | null>(null);
  // A picked photo waits for the member's Send in its preview (with its price).
  const [pickedPhoto, setPickedPhoto] = useState<File | null>(null);

  const { send, retry, discard } = useSendMessage({
    ref: chatRef,
    conversationId,
    memberId: profile.id,
    viewerId,
    onFailure: setProblem,
  });

  const pages = messages.data?.pages ?? [];
  const rows = useMemo(
    () => historyRows({ pages, outbox: pending, viewerId, otherLastRead: chat.other_last_read_message_id }),
    [pages, pending, viewerId, chat.other_last_read_message_id],
  );
  const historyReady = conversationId === null || messages.isSuccess;
  const empty = historyReady && rows.length === 0;
  const canSend = chat.cannot_send === null;

  useEffect(() => rememberLastChat(profile.id), [profile.id]);

  useMarkReadWhileOpen({ conversationId, pages, viewerId, unread: chat.num_unread_messages });
  const announcement = useIncomingAnnouncement(rows, profile.name);

  const onFailure = problem?.code;
  const closeProblem = useCallback(() => setProblem(null), []);
  const inlineProblem = problem ? problemText(problem, t, i18n.language) : null;

  const sendText = (body: string) => {
    setProblem(null);
    void send({ kind: 'text', body });
  };

  return (
    <div className="chat-page">
      <aside className="chat-sidebar" aria-labelledby="chat-sidebar-title">
        <h2 id="chat-sidebar-title" className="chat-sidebar-title">
          {t('chats.title')}
        </h2>
        {chats.data?.chats.length === 0 && <p className="chat-sidebar-empty">{t('chats.empty.title')}</p>}
        {chats.data && (
          <ChatList
            chats={chats.data.chats}
            viewerId={viewerId}
            current={conversationId ?? undefined}
            now={now}
          />
        )}
      </aside>
      <section className="chat-main" aria-labelledby="chat-title">
        <h1 id="chat-title" className="visually-hidden">
          {t('chat.heading', { name: profile.name })}
        </h1>
        <ChatHeader
          profile={profile}
          typing={typing}
          onReport={() => setReport({ subject: conversationId === null ? 'member' : 'messages' })}
        />
        <History
          rows={rows}
          otherName={profile.name}
          hasOlder={messages.hasNextPage}
          loadingOlder={messages.isFetchingNextPage}
          historyLimited={pages.at(-1)?.history_limited ?? false}
          onLoadOlder={() => void messages.fetchNextPage()}
          onRetry={(m) => {
            setProblem(null);
            void retry(m);
          }}
          onDiscard={discard}
          now={now}
          empty={
            historyReady ? (
              <div className="chat-empty">
                <p className="chat-empty-title">{t('chat.empty.title', { name: profile.name })}</p>
                <p>{t('chat.empty.text')}</p>
                {canSend && (
                  <button
                    type="button"
                    className="btn btn-outline-primary btn-sm"
                    onClick={() => setIcebreakersDismissed(false)}
                  >
                    <IdeaIcon /> {t('chat.empty.ideas')}
                  </button>
                )}
              </div>
            ) : (
              <div className="chat-history-loading" aria-busy="true" />
            )
          }
        />
        <p className="visually-hidden" aria-live="polite">
          {announcement}
        </p>
        <div className="chat-bottom">
          {chat.awaiting_my_confirmation && canSend && <AwaitingConfirmationNotice name={profile.name} />}
          {inlineProblem && (
            <p className="chat-problem" role="alert">
              {inlineProblem}
            </p>
          )}
          {canSend ? (
            <Composer
              name={profile.name}
              value={draft}
              onChange={(text) => {
                setDraft(text);
                // "typing…" for the other member; the socket layer sends it at most every few seconds.
                if (conversationId !== null && text.trim()) sendTyping(conversationId);
              }}
              onSend={sendText}
              onGift={() => setGiftOpen(true)}
              onPhoto={setPickedPhoto}
              maxLength={settings.message_length}
              messageCredits={settings.message_credits}
              photoCredits={settings.photo_credits}
              messageMoney={messageMoney}
              balance={user.credits}
              focusToken={focusToken}
            />
          ) : (
            <CannotSendNotice chat={chat} />
          )}
        </div>
      </section>
      <GiftPicker
        open={giftOpen && canSend}
        name={profile.name}
        balance={user.credits}
        onClose={() => setGiftOpen(false)}
        onSend={(gift) => {
          setProblem(null);
          void send({ kind: 'gift', giftId: gift.id, slug: gift.slug });
        }}
      />
      <PhotoPreview
        file={canSend ? pickedPhoto : null}
        name={profile.name}
        credits={settings.photo_credits}
        balance={user.credits}
        onCancel={() => setPickedPhoto(null)}
        onSend={(file) => {
          setPickedPhoto(null);
          setProblem(null);
          void send({ kind: 'photo', file });
        }}
      />
      <IcebreakerDialog
        open={empty && canSend && !icebreakersDismissed && !giftOpen && onFailure === undefined}
        name={profile.name}
        onClose={() => setIcebreakersDismissed(true)}
        onPick={(text) => {
          setDraft(text);
          setIcebreakersDismissed(true);
          setFocusToken((n) => n + 1);
        }}
      />
      <LazyReportDialog
        target={{
          id: profile.id,
          name: profile.name,
          // Their messages the viewer sees, newest first: what a report can carry from this chat.
          messages:
            conversationId === null
              ? undefined
              : pages
                  .flatMap((p) => p.messages)
                  .filter((m) => m.sender_id === profile.id)
                  .sort((a, b) => b.id - a.id),
        }}
        request={report}
        onClose={() => setReport(null)}
      />
      <CreditsDialog open={onFailure === 'not_enough_credits'} onClose={closeProblem} />
      <PremiumDialog open={onFailure === 'premium_required'} onClose={closeProblem} />
    </div>
  );
}
