import { describe, expect, test } from 'vitest';
import { loadConfig } from '../../config';
import { endpointAllowed } from './endpoints';

const services = loadConfig({}).push.endpointHosts;

describe('push endpoints a member may register', () => {
  test('the real push services, over https', () => {
    for (const endpoint of [
      'https://fcm.googleapis.com/fcm/send/abc:def',
      'https://updates.push.services.mozilla.com/wpush/v2/gAAAA',
      'https://wns2-db5p.notify.windows.com/w/?token=BQYAAAB',
      'https://web.push.apple.com/QGuQyavXutnMH',
    ])
      expect(endpointAllowed(endpoint, services), endpoint).toBe(true);
  });

  test('anything else: other hosts, look-alikes, plain http, credentials, internal addresses', () => {
    for (const endpoint of [
      'https://evil.example/fcm.googleapis.com',
      'https://fcm.googleapis.com.evil.example/x',
      'https://notfcm.googleapis.com.example/x',
      'http://fcm.googleapis.com/fcm/send/x',
      'https://user:pw@fcm.googleapis.com/fcm/send/x',
      'http://127.0.0.1:6379/',
      'http://169.254.169.254/latest/meta-data',
      'https://10.0.0.1/push',
      'file:///etc/passwd',
      'not a url',
    ])
      expect(endpointAllowed(endpoint, services), endpoint).toBe(false);
  });

  test('loopback over http only when listed (a test push service)', () => {
    expect(endpointAllowed('http://127.0.0.1:4000/push/1', ['127.0.0.1'])).toBe(true);
    expect(endpointAllowed('http://127.0.0.1:4000/push/1', services)).toBe(false);
    expect(endpointAllowed('http://localhost:4000/push/1', ['127.0.0.1'])).toBe(false);
  });
});
