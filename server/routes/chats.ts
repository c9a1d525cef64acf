import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  chatQuery,
  chatResponse,
  chatsResponse,
  readRequest,
  removeChatRequest,
  removeChatResponse,
} from '../../common/api/chats';
import { errorResponse } from '../../common/api/errors';
import { requireMember } from '../plugins/auth';
import { chatDetail, chatList, markRead, removeChats } from '../services/chat/chats';

const errors = { 400: errorResponse, 403: errorResponse, 404: errorResponse };

/** PUT /api/chat.php answers that the read was recorded; the receipt travels as the `read` event. */
const readResponse = z.object({ read: z.literal(true) });

/** /api/chats.php and /api/chat.php (SPEC §7): the logged-in member's chats. */
export const chatsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, now } = app.services;

  app.get(
    '/api/chats.php',
    {
      schema: {
        summary: 'My chats, most recent first, with the other member, unread count and last message',
        response: { 200: chatsResponse, 403: errorResponse },
      },
    },
    async (request) => {
      const memberId = await requireMember(request, app.services);
      return { chats: await chatList(db, memberId, now()) };
    },
  );

  app.get(
    '/api/chat.php',
    {
      schema: {
        summary: 'One chat by conversation id or by member id, and whether I may send in it',
        querystring: chatQuery,
        response: { 200: chatResponse, ...errors },
      },
    },
    async (request) => {
      const memberId = await requireMember(request, app.services);
      return { chat: await chatDetail(db, memberId, request.site.id, request.query, now()) };
    },
  );

  app.put(
    '/api/chat.php',
    {
      schema: {
        summary: 'Mark a chat read up to a message (my unread count of it goes to 0)',
        body: readRequest,
        response: { 200: readResponse, ...errors },
      },
    },
    async (request) => {
      const memberId = await requireMember(request, app.services);
      const { conversation, last_read_message_id } = request.body;
      await markRead(app.services, memberId, conversation.id, last_read_message_id);
      return { read: true as const };
    },
  );

  app.delete(
    '/api/chat.php',
    {
      schema: {
        summary:
          'Remove a chat from my list (or every chat with a member); the history up to now is hidden for me',
        body: removeChatRequest,
        response: { 200: removeChatResponse, ...errors },
      },
    },
    async (request) => {
      const memberId = await requireMember(request, app.services);
      return { removed: await removeChats(app.services, memberId, request.body) };
    },
  );
};
