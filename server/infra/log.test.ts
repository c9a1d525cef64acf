import { describe, expect, test } from 'vitest';
import { capturedLogger } from '../test/log';
import { redactUrl } from './log';

const TOKEN = 'qK3v9x_Yt2LmNpRs8Uw4Zb6Cd1Ef7Gh0Ij5Kl2Mn9O';

describe('redactUrl', () => {
  test('the tokens of mail links go, the rest of the address stays', () => {
    expect(redactUrl(`/api/activation.php?token=${TOKEN}`)).toBe('/api/activation.php?token=[redacted]');
    expect(redactUrl(`/reset-password/do?token=${TOKEN}&lng=nl`)).toBe(
      '/reset-password/do?token=[redacted]&lng=nl',
    );
    expect(redactUrl(`/mail-change/do?token=${TOKEN}`)).toBe('/mail-change/do?token=[redacted]');
    expect(redactUrl(`/unsubscribe/${TOKEN}`)).toBe('/unsubscribe/[redacted]');
    expect(redactUrl(`https://main.test/unsubscribe/${TOKEN}?x=1`)).toBe(
      'https://main.test/unsubscribe/[redacted]?x=1',
    );
    expect(redactUrl(`/api/unsubscribe.php?token=${TOKEN}`)).toBe('/api/unsubscribe.php?token=[redacted]');
  });

  test('codes, passwords and keys, however the name is spelt', () => {
    expect(redactUrl('/api/x?code=123456&page=2')).toBe('/api/x?code=[redacted]&page=2');
    expect(redactUrl('/api/x?password=hunter2')).toBe('/api/x?password=[redacted]');
    expect(redactUrl('/api/x?new_password=a&api_key=b&Signature=c')).toBe(
      '/api/x?new_password=[redacted]&api_key=[redacted]&Signature=[redacted]',
    );
    expect(redactUrl(`/api/x?%74oken=${TOKEN}`)).toBe('/api/x?%74oken=[redacted]');
  });

  test('addresses without secrets are left as they are', () => {
    for (const url of ['/', '/api/members.php?page=2&sort=new', '/members/12', '/api/x?flag', '/api/x?=a'])
      expect(redactUrl(url)).toBe(url);
  });
});

describe('the server logger', () => {
  test('an error given only by its text is logged, not thrown over (a Redis or database outage)', () => {
    const { log, entries } = capturedLogger();
    expect(() => log.warn({ err: 'connect ECONNREFUSED 127.0.0.1:6379' }, 'redis unreachable')).not.toThrow();
    expect(entries()[0]).toMatchObject({
      err: 'connect ECONNREFUSED 127.0.0.1:6379',
      msg: 'redis unreachable',
    });
  });

  test('a request line shows the address without its token', () => {
    const { log, lines, entries } = capturedLogger();
    log.info(
      {
        req: { method: 'GET', url: `/api/activation.php?token=${TOKEN}`, host: 'main.test', ip: '10.0.0.1' },
      },
      'incoming request',
    );
    expect(lines.join('\n')).not.toContain(TOKEN);
    expect(entries()[0]).toMatchObject({
      req: { method: 'GET', url: '/api/activation.php?token=[redacted]', remoteAddress: '10.0.0.1' },
    });
  });

  test('passwords, tokens and secrets in logged bodies are replaced', () => {
    const { log, lines, entries } = capturedLogger();
    log.warn(
      {
        body: { email: 'a@b.test', password: 'hunter2', password_repeat: 'hunter2' },
        request: { body: { token: TOKEN, old_password: 'old-secret' } },
        headers: { cookie: 'session=abc' },
      },
      'odd request',
    );
    const text = lines.join('\n');
    for (const secret of ['hunter2', TOKEN, 'old-secret', 'session=abc']) expect(text).not.toContain(secret);
    expect(entries()[0]).toMatchObject({
      body: { email: 'a@b.test', password: '[redacted]' },
      request: { body: { token: '[redacted]', old_password: '[redacted]' } },
    });
  });

  test('a failed query is logged without the values it was given', () => {
    const { log, lines } = capturedLogger();
    const err = Object.assign(new Error(`Failed query: select 1 where token = $1\nparams: ${TOKEN}`), {
      query: 'select 1 where token = $1',
      params: [TOKEN],
    });
    log.error({ err }, 'request failed');
    expect(lines.join('\n')).not.toContain(TOKEN);
    expect(lines.join('\n')).toContain('Failed query: select 1 where token = $1');
  });

  test("a mail's link is logged whole only where the outbox is how links reach a developer", () => {
    const link = `http://main.test:8080/api/activation.php?token=${TOKEN}`;
    const laptop = capturedLogger({ level: 'info', showMailLinks: true });
    laptop.log.info({ link }, 'mail written to the outbox');
    expect(laptop.entries()[0]?.link).toBe(link);
    const production = capturedLogger({ level: 'info' });
    production.log.info({ link }, 'mail written to the outbox');
    expect(production.lines.join('\n')).not.toContain(TOKEN);
    expect(production.entries()[0]?.link).toBe('http://main.test:8080/api/activation.php?token=[redacted]');
  });
});
