import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  chatQuery,
  chatResponse,
  chatsResponse,
  readRequest,
  readResponse,
  removeChatRequest,
  removeChatResponse,
} from '../../common/api/chats';
import { chatsEndpoints } from '../../common/api/endpoints/chats';
import { requireMember } from '../plugins/auth';
import { serve } from '../plugins/endpoint';
import { chatDetail, chatList, markRead, removeChats } from '../services/chat/chats';

const errors = [400, 403, 404] as const;

/** /api/chats.php and /api/chat.php: the logged-in member's chats. */
export const chatsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, now } = app.services;

  serve(
    app,
    chatsEndpoints.list,
    {
      summary: 'My chats, most recent first, with the other member, unread count and last message',
      schemas: { response: chatsResponse },
      errors: [403],
    },
    async (request) => {
      const memberId = await requireMember(request, app.services);
      return { chats: await chatList(db, memberId, request.site.id, now()) };
    },
  );

  serve(
    app,
    chatsEndpoints.get,
    {
      summary: 'One chat by conversation id or by member id, and whether I may send in it',
      schemas: { query: chatQuery, response: chatResponse },
      errors,
    },
    async (request) => {
      const memberId = await requireMember(request, app.services);
      return { chat: await chatDetail(db, memberId, request.site.id, request.query, now()) };
    },
  );

  serve(
    app,
    chatsEndpoints.read,
    {
      summary: 'Mark a chat read up to a message (my unread count of it goes to 0)',
      schemas: { body: readRequest, response: readResponse },
      errors,
    },
    async (request) => {
      const memberId = await requireMember(request, app.services);
      const { conversation, last_read_message_id } = request.body;
      await markRead(app.services, memberId, request.site.id, conversation.id, last_read_message_id);
      return { read: true as const };
    },
  );

  serve(
    app,
    chatsEndpoints.remove,
    {
      summary:
        'Remove a chat from my list (or every chat with a member); the history up to now is hidden for me',
      schemas: { body: removeChatRequest, response: removeChatResponse },
      errors,
    },
    async (request) => {
      const memberId = await requireMember(request, app.services);
      return { removed: await removeChats(app.services, memberId, request.body) };
    },
  );
};
