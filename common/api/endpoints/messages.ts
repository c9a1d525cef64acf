import type { messagesQuery, messagesResponse, sendMessageRequest, sendMessageResponse } from '../chats';
import { endpoint } from '../contract';

/** A chat's history a page at a time, and sending a message. */
export const messagesEndpoints = {
  history: endpoint<{ query: typeof messagesQuery; response: typeof messagesResponse }>(
    'GET',
    '/api/messages.php',
  ),
  /** A text or a gift, as JSON. */
  send: endpoint<{ body: typeof sendMessageRequest; response: typeof sendMessageResponse }>(
    'POST',
    '/api/messages.php',
  ),
  /**
   * The same call with a photo: a multipart body of the fields of `send` and a `photo` file, which
   * the caller passes as the request's body.
   */
  sendPhoto: endpoint<{ response: typeof sendMessageResponse }>('POST', '/api/messages.php'),
};
