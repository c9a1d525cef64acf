import type { ChatMessage } from '../../common/api/chats';
import { mediaUrl } from '../infra/storage';

/** A message row as the chat queries select it (the gift's slug joined or known). */
export type MessageRow = {
  id: number;
  conversationId: number;
  senderId: number;
  clientId: string;
  kind: 'text' | 'photo' | 'gift';
  body: string;
  photoKey: string | null;
  photoThumbKey: string | null;
  giftId: number | null;
  giftSlug: string | null;
  createdAt: Date;
};

/** One message as both members see it: plain text, the photo's renditions, the gift by slug. */
export function presentMessage(row: MessageRow): ChatMessage {
  return {
    id: row.id,
    conversation_id: row.conversationId,
    client_id: row.clientId,
    sender_id: row.senderId,
    kind: row.kind,
    body: row.body,
    photo:
      row.photoKey && row.photoThumbKey
        ? { url: mediaUrl(row.photoKey), thumb_url: mediaUrl(row.photoThumbKey) }
        : null,
    gift: row.giftId !== null && row.giftSlug ? { id: row.giftId, slug: row.giftSlug } : null,
    created_at: row.createdAt.toISOString(),
  };
}
