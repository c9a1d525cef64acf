import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ChatMessage } from '../../../common/api/chats';
import type { MyReport, ReportSubject } from '../../../common/api/reports';
import { type Call, mockApi, renderAt } from '../../screens/transactions/test-support';
import ReportDialog, { type ReportTarget } from './ReportDialog';

afterEach(() => vi.unstubAllGlobals());

const REPORT: MyReport = {
  id: 7,
  reported_name: 'Eva',
  subject: 'member',
  reason: 'fake_or_scam',
  details: '',
  evidence_count: 0,
  status: 'open',
  created_at: '2026-05-01T12:00:00Z',
  decided_at: null,
};

const message = (id: number, body: string): ChatMessage => ({
  id,
  conversation_id: 3,
  client_id: '00000000-0000-4000-8000-000000000000',
  sender_id: 42,
  kind: 'text',
  body,
  photo: null,
  gift: null,
  created_at: '2026-05-01T11:00:00Z',
});

const EVA: ReportTarget = {
  id: 42,
  name: 'Eva',
  photos: [
    { id: 501, thumb: '/media/o/a.webp' },
    { id: 502, thumb: '/media/o/b.webp' },
  ],
};

const open = async (target: ReportTarget, opts: { subject?: ReportSubject; photoId?: number } = {}) => {
  const onClose = vi.fn();
  const view = await renderAt('/members/42', {
    path: '/members/42',
    element: (
      <ReportDialog open target={target} subject={opts.subject} photoId={opts.photoId} onClose={onClose} />
    ),
  });
  return { view, onClose };
};
const posts = (calls: Call[]) => calls.filter((c) => c.method === 'POST').map((c) => c.body);
const send = () => fireEvent.click(screen.getByRole('button', { name: 'Send report' }));
const answered = () => mockApi(() => ({ status: 201, body: { report: REPORT } }));

describe('the report dialog', () => {
  it('reports the member: a reason is needed first, then the confirmation points to My reports', async () => {
    const calls = answered();
    await open(EVA);
    expect(screen.getByRole('heading', { name: 'Report Eva' })).toBeTruthy();
    expect(screen.getByText('Eva will not find out who reported them.')).toBeTruthy();
    send();
    await screen.findByText('Choose a reason.');
    expect(calls).toEqual([]);

    fireEvent.click(screen.getByLabelText('Fake profile or scam'));
    fireEvent.change(screen.getByLabelText('Tell us more'), { target: { value: 'Asks for money' } });
    send();
    await screen.findByRole('heading', { name: 'Thank you for your report' });
    expect(posts(calls)).toEqual([
      { member_id: 42, subject: 'member', reason: 'fake_or_scam', details: 'Asks for money' },
    ]);
    expect(screen.getByRole('status').textContent).toContain('under My reports');
    expect(screen.getByRole('link', { name: 'Go to My reports' }).getAttribute('href')).toBe('/reports');
  });

  it('offers the six reasons, and "Something else" asks for words', async () => {
    const calls = answered();
    await open(EVA);
    const reasons = within(screen.getByRole('group', { name: 'What is wrong?' })).getAllByRole('radio');
    expect(reasons.map((r) => r.closest('.form-check')?.textContent)).toEqual([
      'Fake profile or scam',
      'Under 18',
      'Harassment or threats',
      'Explicit content without consent',
      'Spam or advertising',
      'Something else',
    ]);
    fireEvent.click(screen.getByLabelText('Something else'));
    send();
    await screen.findByText('Please describe briefly what is wrong.');
    expect(calls).toEqual([]);
  });

  it('reports the photo opened in the viewer, which can be changed for another', async () => {
    const calls = answered();
    await open(EVA, { subject: 'photo', photoId: 502 });
    const photo2 = screen.getByLabelText('Photo 2') as HTMLInputElement;
    expect(photo2.checked).toBe(true);
    fireEvent.click(screen.getByLabelText('Photo 1'));
    fireEvent.click(screen.getByLabelText('Explicit content without consent'));
    send();
    await screen.findByRole('heading', { name: 'Thank you for your report' });
    expect(posts(calls)).toEqual([
      { member_id: 42, subject: 'photo', reason: 'non_consensual', details: '', photo_id: 501 },
    ]);
  });

  it('from a chat: the ticked messages go with the report', async () => {
    const calls = answered();
    await open({ id: 42, name: 'Eva', messages: [message(12, 'Send me 200 euro'), message(10, 'Hi there')] });
    expect((screen.getByLabelText('Messages in your chat') as HTMLInputElement).checked).toBe(true);
    fireEvent.click(screen.getByLabelText('Harassment or threats'));
    send();
    await screen.findByText('Choose at least one message, or include the last messages of the chat.');
    expect(calls).toEqual([]);

    fireEvent.click(screen.getByLabelText(/Send me 200 euro/));
    fireEvent.click(screen.getByLabelText(/Hi there/));
    expect(screen.getByText('Selected: 2 of 20')).toBeTruthy();
    send();
    await screen.findByRole('heading', { name: 'Thank you for your report' });
    expect(posts(calls)).toEqual([
      { member_id: 42, subject: 'messages', reason: 'harassment', details: '', message_ids: [12, 10] },
    ]);
  });

  it('from a chat: "include the last 20 messages" is the consent, and replaces the choice', async () => {
    const calls = answered();
    await open({ id: 42, name: 'Eva', messages: [message(12, 'Send me 200 euro')] });
    fireEvent.click(screen.getByLabelText(/Send me 200 euro/));
    const last = screen.getByLabelText('Include the last 20 messages of this chat');
    expect(last.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(last.getAttribute('aria-describedby') ?? '')?.textContent).toContain(
      'you agree that our moderators read these messages',
    );
    fireEvent.click(last);
    expect((screen.getByLabelText(/Send me 200 euro/) as HTMLInputElement).disabled).toBe(true);
    fireEvent.click(screen.getByLabelText('Spam or advertising'));
    send();
    await screen.findByRole('heading', { name: 'Thank you for your report' });
    expect(posts(calls)).toEqual([
      { member_id: 42, subject: 'messages', reason: 'spam', details: '', last_messages: true },
    ]);
  });

  it('a report already open: the server’s words, a way to My reports, and the form stays', async () => {
    mockApi(() => ({
      status: 409,
      body: {
        error: 'report_exists',
        message: 'You have already reported this and our moderators are still looking at it.',
        report_id: 7,
      },
    }));
    await open(EVA);
    fireEvent.click(screen.getByLabelText('Under 18'));
    send();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('You have already reported this');
    expect(within(alert).getByRole('link', { name: 'Go to My reports' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Send report' })).toBeTruthy();
  });

  it('cancel closes it without sending', async () => {
    const calls = answered();
    const { onClose } = await open(EVA);
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls).toEqual([]);
  });
});
