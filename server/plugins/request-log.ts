import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import net from 'node:net';
import { type FastifyInstance, type FastifyReply, type FastifyRequest, LogController } from 'fastify';
import type { TrustedProxies } from '../config';
import { redactUrl } from '../infra/log';

/** The header a proxy names a request by, and the answer names it back. */
export const REQUEST_ID_HEADER = 'x-request-id';

/**
 * What a proxy's request id may look like: the UUIDs, hex strings and base64 ids proxies and tracers
 * generate. Anything else (longer, other characters) is replaced, so a log line cannot be forged or
 * bloated through the header.
 */
const REQUEST_ID_PATTERN = /^[A-Za-z0-9._:+/=-]{1,128}$/;

/** The ranges proxy-addr (Fastify's trustProxy) knows by name, as config.ts accepts them. */
const NAMED_RANGES: Record<string, [string, number, 'ipv4' | 'ipv6'][]> = {
  loopback: [
    ['127.0.0.0', 8, 'ipv4'],
    ['::1', 128, 'ipv6'],
  ],
  linklocal: [
    ['169.254.0.0', 16, 'ipv4'],
    ['fe80::', 10, 'ipv6'],
  ],
  uniquelocal: [
    ['10.0.0.0', 8, 'ipv4'],
    ['172.16.0.0', 12, 'ipv4'],
    ['192.168.0.0', 16, 'ipv4'],
    ['fc00::', 7, 'ipv6'],
  ],
};

/**
 * Whether the peer of a connection is one of the trusted proxies (TRUST_PROXY): with a number of
 * hops every peer is (the app is then reachable through its proxies alone, as the README says);
 * with addresses and ranges, those.
 */
export function peerIsTrustedProxy(trusted: TrustedProxies): (address: string | undefined) => boolean {
  if (trusted === false) return () => false;
  if (typeof trusted === 'number') return () => trusted > 0;
  const list = new net.BlockList();
  for (const entry of trusted) {
    const named = NAMED_RANGES[entry];
    if (named) {
      for (const [address, prefix, type] of named) list.addSubnet(address, prefix, type);
      continue;
    }
    const [address = '', prefix] = entry.split('/');
    const type = net.isIPv6(address) ? 'ipv6' : 'ipv4';
    if (prefix === undefined) list.addAddress(address, type);
    else list.addSubnet(address, Number(prefix), type);
  }
  return (address) => {
    if (!address) return false;
    // A dual-stack socket reports an IPv4 peer as ::ffff:a.b.c.d.
    const v4 = address.startsWith('::ffff:') ? address.slice(7) : address;
    if (net.isIPv4(v4)) return list.check(v4, 'ipv4');
    return net.isIPv6(address) && list.check(address, 'ipv6');
  };
}

/**
 * Fastify's genReqId: a random UUID, unique across instances and restarts, so one id finds one
 * request in the logs of all machines. A trusted proxy's X-Request-Id is kept instead, so its log
 * and ours name a request alike; a client's own header is ignored (anyone could reuse an id to mix
 * their requests into someone else's trail).
 */
export function requestIdGenerator(trusted: TrustedProxies): (req: IncomingMessage) => string {
  const fromProxy = peerIsTrustedProxy(trusted);
  return (req) => {
    const given = req.headers[REQUEST_ID_HEADER];
    if (typeof given === 'string' && REQUEST_ID_PATTERN.test(given) && fromProxy(req.socket?.remoteAddress))
      return given;
    return randomUUID();
  };
}

/** Every answer names its request, so a user's report or a proxy's log leads to the server's lines. */
export function echoRequestId(app: FastifyInstance) {
  app.addHook('onRequest', (request, reply, done) => {
    reply.header(REQUEST_ID_HEADER, request.id);
    done();
  });
}

/**
 * Fastify's request lines ("incoming request", "request completed") at a level of our choosing:
 * `debug` on a laptop, where a line per request would bury the start banner, `info` in production.
 * Failed requests stay at `error`. The not-found line logs the address without its secrets.
 */
export class RequestLogController extends LogController {
  constructor(private readonly level: 'info' | 'debug') {
    super();
  }

  override incomingRequest(request: FastifyRequest) {
    if (this.isLogDisabled(request)) return;
    request.log[this.level]({ req: request }, 'incoming request');
  }

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
    metadata?: Record<string, unknown>,
  ) {
    if (error) return super.requestCompleted(error, request, reply, metadata);
    if (this.isLogDisabled(request)) return;
    reply.log[this.level]({ res: reply, responseTime: reply.elapsedTime }, 'request completed');
  }

  override routeNotFound(request: FastifyRequest) {
    if (this.isLogDisabled(request)) return;
    request.log[this.level]({ req: request }, `route ${request.method}:${redactUrl(request.url)} not found`);
  }
}
