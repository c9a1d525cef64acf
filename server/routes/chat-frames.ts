import type { FastifyPluginAsync } from 'fastify';
import { ApiError } from '../plugins/errors';
import { announceTyping, markRead } from '../services/chats';
import { sendMessage } from '../services/messages';
import type { Site } from '../services/sites';
import { toSendInput } from './messages';

/**
 * The chat's socket frames (common/api/events.ts clientFrame): the socket route parses a frame and
 * calls these, so sending over the socket follows exactly the rules of POST /api/messages.php.
 */
export const chatFrames: FastifyPluginAsync = async (app) => {
  const services = app.services;

  async function siteById(siteId: number): Promise<Site> {
    const site = (await services.sites.all()).find((s) => s.id === siteId);
    if (!site) throw new ApiError(404, 'not_found');
    return site;
  }

  services.frameHandlers.send = async (ctx, frame) => {
    const { type: _type, ...body } = frame;
    const site = await siteById(ctx.siteId);
    const input = toSendInput(body);
    const { message, credits } = await sendMessage(services, ctx.memberId, site, input, ctx.listener);
    return { type: 'ack', client_id: frame.client_id, message, credits };
  };

  services.frameHandlers.read = async (ctx, frame) => {
    await markRead(services, ctx.memberId, frame.conversation_id, frame.last_read_message_id);
    return undefined;
  };

  // Typing writes nothing: one look-up that the member is in the chat and no block stands between them.
  services.frameHandlers.typing = async (ctx, frame) => {
    await announceTyping(services, ctx.memberId, frame.conversation_id);
    return undefined;
  };
};
