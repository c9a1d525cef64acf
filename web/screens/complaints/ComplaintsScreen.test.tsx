import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type Call, mockApi, renderAt, USER } from '../transactions/test-support';
import ComplaintsScreen from './ComplaintsScreen';

afterEach(() => vi.unstubAllGlobals());

const MESSAGE = 'A member asked me for money for a train ticket and then stopped answering.';
const open = (user = null as typeof USER | null) =>
  renderAt('/complaints', { path: '/complaints', element: <ComplaintsScreen /> }, { user });
const posts = (calls: Call[]) => calls.filter((c) => c.method === 'POST');

function fill(values: Record<string, string>) {
  for (const [label, value] of Object.entries(values))
    fireEvent.change(screen.getByLabelText(label), { target: { value } });
}
const fillVisitor = () =>
  fill({
    'Your name': 'Sanne',
    'Your e-mail address': 'sanne@example.test',
    'What is your complaint about?': 'fake_profile',
    'Your complaint': MESSAGE,
  });
const send = () => fireEvent.click(screen.getByRole('button', { name: 'Send complaint' }));

/** The message shown at a field, tied to it for screen readers. */
const messageOf = (label: string) => {
  const id = screen
    .getByLabelText(label)
    .getAttribute('aria-describedby')
    ?.split(' ')
    .find((i) => i.endsWith('-error'));
  return id ? document.getElementById(id)?.textContent : undefined;
};

describe('/complaints for a visitor', () => {
  it('checks the fields in the browser first: a message next to each, and nothing is sent', async () => {
    const calls = mockApi(() => ({ body: {} }));
    await open();
    fill({ 'Your e-mail address': 'not-an-address', 'Your complaint': 'Too short' });
    send();
    await waitFor(() => expect(messageOf('Your name')).toBe('Please fill in this field.'));
    expect(messageOf('Your e-mail address')).toBe('Invalid e-mail');
    expect(messageOf('What is your complaint about?')).toBe('Choose what your complaint is about.');
    expect(messageOf('Your complaint')).toBe('Please describe your complaint in a few sentences.');
    expect(messageOf('Link or profile (optional)')).toBeUndefined();
    expect(calls).toEqual([]);
  });

  it('files the complaint and shows its reference, the heading taking focus', async () => {
    const calls = mockApi(() => ({ status: 201, body: { complaint: { reference: 'ABCD-2345' } } }));
    await open();
    fillVisitor();
    expect(screen.getByText(`${MESSAGE.length} of 5,000 characters`)).toBeTruthy();
    send();
    const heading = await screen.findByRole('heading', {
      name: 'Thank you, we have received your complaint',
    });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(screen.getByText('ABCD-2345')).toBeTruthy();
    expect(
      screen.getByText(/sent a confirmation with a copy of your complaint to sanne@example.test/),
    ).toBeTruthy();
    expect(posts(calls)).toEqual([
      expect.objectContaining({
        body: {
          name: 'Sanne',
          email: 'sanne@example.test',
          category: 'fake_profile',
          subject: '',
          message: MESSAGE,
          website: '',
        },
      }),
    ]);
    // Only members are asked who they are.
    expect(calls.filter((c) => c.method === 'GET')).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: 'File another complaint' }));
    expect((screen.getByLabelText('Your complaint') as HTMLTextAreaElement).value).toBe('');
  });

  it('for illegal content, says what a notice needs', async () => {
    mockApi(() => ({ body: {} }));
    await open();
    fill({ 'What is your complaint about?': 'illegal_content' });
    expect(await screen.findByText(/explain why you believe it is illegal/)).toBeTruthy();
  });

  it("puts the server's field errors on their fields", async () => {
    mockApi(() => ({
      status: 400,
      body: {
        error: 'invalid_input',
        message: 'Some of the information sent is not valid.',
        fields: { message: 'Your complaint contains too many links. Please leave some out.' },
      },
    }));
    await open();
    fillVisitor();
    send();
    await waitFor(() =>
      expect(messageOf('Your complaint')).toBe(
        'Your complaint contains too many links. Please leave some out.',
      ),
    );
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('after too many complaints, says how long to wait', async () => {
    mockApi(() => ({
      status: 429,
      body: { error: 'too_many_requests', message: 'Too many attempts.', retry_after: 1_790 },
    }));
    await open();
    fillVisitor();
    send();
    expect((await screen.findByRole('alert')).textContent).toBe(
      'You have sent several complaints in a short time. Please try again in 30 minutes.',
    );
    expect(screen.getByRole('button', { name: 'Send complaint' })).toBeTruthy();
  });
});

describe('/complaints for a member', () => {
  it("shows the account's name and address, read-only, and files under them", async () => {
    const calls = mockApi((call) =>
      call.method === 'GET'
        ? { body: { member: { name: 'Roos', email: 'roos@example.test' } } }
        : { status: 201, body: { complaint: { reference: 'WXYZ-6789' } } },
    );
    await open(USER);
    const name = (await screen.findByLabelText('Your name')) as HTMLInputElement;
    const email = screen.getByLabelText('Your e-mail address') as HTMLInputElement;
    expect([name.value, name.readOnly, email.value, email.readOnly]).toEqual([
      'Roos',
      true,
      'roos@example.test',
      true,
    ]);
    expect(screen.getByText(/You are logged in/)).toBeTruthy();
    fill({ 'What is your complaint about?': 'billing', 'Your complaint': MESSAGE });
    send();
    expect(await screen.findByText('WXYZ-6789')).toBeTruthy();
    expect(posts(calls)[0]?.body).toMatchObject({ name: 'Roos', email: 'roos@example.test' });
  });
});
