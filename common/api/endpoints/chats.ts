import type {
  chatQuery,
  chatResponse,
  chatsResponse,
  readRequest,
  readResponse,
  removeChatRequest,
  removeChatResponse,
} from '../chats';
import { endpoint } from '../contract';

/** The logged-in member's chats: the list, one chat, marking it read and removing it. */
export const chatsEndpoints = {
  list: endpoint<{ response: typeof chatsResponse }>('GET', '/api/chats.php'),
  get: endpoint<{ query: typeof chatQuery; response: typeof chatResponse }>('GET', '/api/chat.php'),
  read: endpoint<{ body: typeof readRequest; response: typeof readResponse }>('PUT', '/api/chat.php'),
  remove: endpoint<{ body: typeof removeChatRequest; response: typeof removeChatResponse }>(
    'DELETE',
    '/api/chat.php',
  ),
};
