import type { FrameHandlers } from '../infra/events/bus';
import { ApiError } from '../plugins/errors';
import type { Services } from '../services/bag';
import { announceTyping, markRead } from '../services/chat/chats';
import { sendMessage, toSendInput } from '../services/chat/messages';
import type { Site } from '../services/sites/sites';

async function siteById(services: Services, siteId: number): Promise<Site> {
  const site = await services.sites.byId(siteId);
  if (!site) throw new ApiError(404, 'not_found');
  return site;
}

/**
 * The chat's socket frames (common/api/events.ts clientFrame): the socket route parses a frame and
 * calls these, so sending over the socket follows exactly the rules of POST /api/messages.php.
 */
export const chatFrameHandlers: FrameHandlers = {
  async send(services, ctx, frame) {
    const { type: _type, ...body } = frame;
    const site = await siteById(services, ctx.siteId);
    const input = toSendInput(body);
    const { message, credits } = await sendMessage(services, ctx.memberId, site, input, ctx.listener);
    return { type: 'ack', client_id: frame.client_id, message, credits };
  },

  async read(services, ctx, frame) {
    await markRead(services, ctx.memberId, ctx.siteId, frame.conversation_id, frame.last_read_message_id);
    return undefined;
  },

  // Typing writes nothing: one look-up that the member is in the chat and may reach the other member.
  async typing(services, ctx, frame) {
    await announceTyping(services, ctx.memberId, ctx.siteId, frame.conversation_id);
    return undefined;
  },
};
