import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { problemText } from './conversation-hooks';

const t = ((key: string, vars?: Record<string, unknown>) =>
  `${key}${vars ? JSON.stringify(vars) : ''}`) as TFunction;

describe('problemText', () => {
  it('says when a new conversation is possible again after the new-conversation limit', () => {
    const message = 'Je kunt voorlopig 3 nieuwe gesprekken per dag beginnen. Probeer het later opnieuw.';
    expect(problemText({ code: 'conversation_limit', message, retryAfter: 5 * 3600 }, t, 'nl')).toBe(
      `${message} chat.conversationLimitAgain{"when":"over 5 uur"}`,
    );
    expect(problemText({ code: 'conversation_limit', message, retryAfter: 90 }, t, 'en')).toBe(
      `${message} chat.conversationLimitAgain{"when":"in 2 minutes"}`,
    );
    expect(problemText({ code: 'conversation_limit', message, retryAfter: null }, t, 'nl')).toBe(message);
  });

  it('leaves credits and premium to their dialogs', () => {
    expect(problemText({ code: 'premium_required', message: 'x', retryAfter: null }, t)).toBeNull();
  });
});
