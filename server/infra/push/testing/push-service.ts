import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import ece from 'http_ece';

/**
 * A browser's push service on loopback, for tests: it takes what the server posts to an endpoint,
 * checks the VAPID signature (RFC 8292) and decrypts the message (RFC 8291) with the keys of the
 * browser it stands for. Each endpoint answers 201 unless told otherwise (404/410: the browser gave
 * the subscription up).
 */

export type FakeBrowser = {
  /** What the page would post as its subscription (PushSubscription.toJSON()). */
  subscription: { endpoint: string; keys: { p256dh: string; auth: string } };
  /** The decrypted messages pushed to it, oldest first. */
  received: unknown[];
  /** The status its endpoint answers with from now on. */
  answer(status: number): void;
};

export type PushServiceFake = {
  origin: string;
  browser(): FakeBrowser;
  /** Requests that did not verify (bad VAPID, undecryptable): should stay empty. */
  rejected: string[];
  close(): Promise<void>;
};

type Keys = { ecdh: crypto.ECDH; auth: Buffer; status: number; received: unknown[] };

export async function startPushService(vapidPublicKey: string): Promise<PushServiceFake> {
  const browsers = new Map<string, Keys>();
  const rejected: string[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const keys = browsers.get(req.url ?? '');
      if (!keys) {
        res.writeHead(404).end();
        return;
      }
      const problem = checkRequest(req, origin, vapidPublicKey);
      if (problem) {
        rejected.push(problem);
        res.writeHead(401).end();
        return;
      }
      if (keys.status >= 300) {
        res.writeHead(keys.status).end();
        return;
      }
      try {
        const plain = ece.decrypt(Buffer.concat(chunks), {
          version: 'aes128gcm',
          privateKey: keys.ecdh,
          authSecret: keys.auth.toString('base64url'),
        });
        keys.received.push(JSON.parse(plain.toString('utf8')));
        res.writeHead(201).end();
      } catch (err) {
        rejected.push(`undecryptable: ${(err as Error).message}`);
        res.writeHead(400).end();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    rejected,
    browser() {
      const ecdh = crypto.createECDH('prime256v1');
      ecdh.generateKeys();
      const keys: Keys = { ecdh, auth: crypto.randomBytes(16), status: 201, received: [] };
      const path = `/push/${crypto.randomUUID()}`;
      browsers.set(path, keys);
      return {
        subscription: {
          endpoint: `${origin}${path}`,
          keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: keys.auth.toString('base64url') },
        },
        received: keys.received,
        answer: (status) => {
          keys.status = status;
        },
      };
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Why the request is not one a push service takes (RFC 8030/8291/8292), or null. */
function checkRequest(req: http.IncomingMessage, origin: string, vapidPublicKey: string): string | null {
  if (req.method !== 'POST') return `method ${req.method}`;
  if (req.headers['content-encoding'] !== 'aes128gcm') return 'not aes128gcm';
  if (!req.headers.ttl) return 'no TTL';
  const match = /^vapid t=([^,]+),\s*k=(.+)$/.exec(req.headers.authorization ?? '');
  if (!match) return 'no VAPID authorization';
  const [, jwt = '', key = ''] = match;
  if (key !== vapidPublicKey) return 'another VAPID key';
  const [head = '', body = '', sig = ''] = jwt.split('.');
  const raw = Buffer.from(vapidPublicKey, 'base64url');
  const publicKey = crypto.createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: raw.subarray(1, 33).toString('base64url'),
      y: raw.subarray(33, 65).toString('base64url'),
    },
    format: 'jwk',
  });
  const valid = crypto.verify(
    'sha256',
    Buffer.from(`${head}.${body}`),
    { key: publicKey, dsaEncoding: 'ieee-p1363' },
    Buffer.from(sig, 'base64url'),
  );
  if (!valid) return 'bad VAPID signature';
  const claims = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as {
    aud?: string;
    exp?: number;
  };
  if (claims.aud !== origin) return `audience ${claims.aud}`;
  if (!claims.exp || claims.exp * 1000 < Date.now()) return 'expired';
  return null;
}
