import { once } from 'node:events';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { MollieProvider } from './mollie';

const KEY = 'test_dHar4XY7LxsDOtmnkVtjNVWXLSlXsM';

type Recorded = { method: string; url: string; headers: IncomingMessage['headers']; body: unknown };

/**
 * A fake of Mollie's Refunds API on loopback (as mollie.test.ts fakes the Payments API): paid
 * payments with an amount, refunds refused with a 422 beyond what is left, like Mollie does.
 */
function fakeMollie() {
  const paid = new Map<string, { amount: number; refunded: number; currency: string }>();
  const requests: Recorded[] = [];
  let seq = 0;
  const problem = (res: ServerResponse, status: number, detail: string, field?: string) => {
    res.writeHead(status, { 'Content-Type': 'application/hal+json' });
    res.end(JSON.stringify({ status, title: 'Error', detail, field }));
  };
  const server = createServer(async (req, res) => {
    let raw = '';
    for await (const chunk of req) raw += chunk;
    const body = raw ? JSON.parse(raw) : undefined;
    requests.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
    if (req.headers.authorization !== `Bearer ${KEY}`) return problem(res, 401, 'Missing authentication');
    const id = req.method === 'POST' && req.url?.match(/^\/v2\/payments\/([^/?]+)\/refunds$/)?.[1];
    const payment = id ? paid.get(id) : undefined;
    if (!payment) return problem(res, 404, `No payment exists with token ${id}.`);
    const value = Math.round(Number(body?.amount?.value) * 100);
    if (body?.amount?.currency !== payment.currency)
      return problem(res, 422, 'The currency is invalid', 'amount');
    if (!(value > 0) || payment.refunded + value > payment.amount)
      return problem(res, 422, `The amount is higher than the maximum (${KEY} echoed)`, 'amount');
    payment.refunded += value;
    seq += 1;
    res.writeHead(201, { 'Content-Type': 'application/hal+json' });
    res.end(
      JSON.stringify({
        resource: 'refund',
        id: `re_Fake${seq}`,
        amount: body.amount,
        status: 'pending',
        paymentId: id,
        createdAt: new Date().toISOString(),
      }),
    );
  });
  return { server, requests, paid };
}

const fake = fakeMollie();
let apiUrl = '';
const provider = () => new MollieProvider({ apiKey: KEY, apiUrl });

beforeAll(async () => {
  fake.server.listen(0, '127.0.0.1');
  await once(fake.server, 'listening');
  apiUrl = `http://127.0.0.1:${(fake.server.address() as AddressInfo).port}/v2`;
});
afterAll(() => {
  fake.server.closeAllConnections();
  return new Promise((done) => fake.server.close(done));
});
beforeEach(() => {
  fake.requests.length = 0;
  fake.paid.set('tr_Paid1', { amount: 1995, refunded: 0, currency: 'EUR' });
});

describe('MollieProvider.refund', () => {
  it('creates a refund of the amount as Mollie’s decimal string and returns its id and status', async () => {
    const refund = await provider().refund('tr_Paid1', 995, 'EUR');
    expect(refund).toEqual({ id: expect.stringMatching(/^re_/), status: 'pending' });
    expect(fake.requests).toMatchObject([
      {
        method: 'POST',
        url: '/v2/payments/tr_Paid1/refunds',
        body: { amount: { currency: 'EUR', value: '9.95' } },
      },
    ]);
    expect(fake.requests[0]?.headers.authorization).toBe(`Bearer ${KEY}`);
    // The rest, then nothing more.
    await provider().refund('tr_Paid1', 1000, 'EUR');
    await expect(provider().refund('tr_Paid1', 1, 'EUR')).rejects.toThrow(/HTTP 422: The amount is higher/);
  });

  it('names Mollie’s refusal without the key', async () => {
    const err = (await provider()
      .refund('tr_Paid1', 5000, 'EUR')
      .catch((e: unknown) => e)) as Error;
    expect(err.message).toMatch(/HTTP 422/);
    expect(err.message).not.toContain(KEY);
    await expect(provider().refund('tr_Unknown', 100, 'EUR')).rejects.toThrow(/HTTP 404/);
    await expect(provider().refund('tr_Paid1', 100, 'GBP')).rejects.toThrow(/HTTP 422/);
  });

  it('refuses a bad payment id or amount without a request', async () => {
    const spy = vi.fn(fetch);
    const mollie = new MollieProvider({ apiKey: KEY, apiUrl, fetch: spy });
    for (const id of ['', 'tr_', '../methods', 'tr_abc/../../x', 're_abc']) {
      await expect(mollie.refund(id, 100, 'EUR')).rejects.toThrow('Invalid Mollie payment id');
    }
    for (const amount of [0, -1, 1.5]) {
      await expect(mollie.refund('tr_Paid1', amount, 'EUR')).rejects.toThrow('Invalid refund amount');
    }
    expect(spy).not.toHaveBeenCalled();
  });

  it('does not take an answer without a refund id for a refund', async () => {
    const answer = new Response(JSON.stringify({ resource: 'refund', status: 'pending' }), { status: 201 });
    const mollie = new MollieProvider({ apiKey: KEY, apiUrl, fetch: async () => answer });
    await expect(mollie.refund('tr_Paid1', 100, 'EUR')).rejects.toThrow(/without a refund id/);
  });
});
