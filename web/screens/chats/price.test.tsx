import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../api/query-client';
import { userKey } from '../../api/user';
import { testI18n } from '../../test-i18n';
import { creditsAnswer, mockFetch, USER } from '../credits/test-support';
import { Composer } from './Composer';
import { useMessageMoney } from './price';

afterEach(() => vi.unstubAllGlobals());

/** The composer as the chat mounts it, with what a message costs from the price quote. */
function ComposerWithPrice() {
  return (
    <Composer
      name="Sanne"
      value=""
      onChange={() => {}}
      onSend={() => {}}
      onGift={() => {}}
      onPhoto={() => {}}
      maxLength={1000}
      messageCredits={1}
      photoCredits={2}
      messageMoney={useMessageMoney()}
      balance={3}
      focusToken={0}
    />
  );
}

describe('the price in the composer', () => {
  it('is the quote’s cost of a message: its credits and their money, as on the credits page', async () => {
    const answer = creditsAnswer();
    const calls = mockFetch((call) =>
      call.url.pathname === '/api/credits.php' ? { body: answer } : { status: 404, body: {} },
    );
    const client = createQueryClient();
    client.setQueryData(userKey, { user: USER });
    render(
      <QueryClientProvider client={client}>
        <I18nextProvider i18n={await testI18n()}>
          <ComposerWithPrice />
        </I18nextProvider>
      </QueryClientProvider>,
    );
    // The packages make a message cost €0.20 to €0.30 (test-support's prices per message).
    const price = await screen.findByText(/1 credit per message ≈ €0\.20\s?–\s?€0\.30/);
    expect(price.textContent).toContain('You have 3 credits');
    expect(calls.map((c) => c.url.pathname)).toEqual(['/api/credits.php']);
  });
});
