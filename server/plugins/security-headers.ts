import fastifyHelmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import Fastify from 'fastify';

/** Headers every response has anyway; the rest of a bare response is what helmet adds. */
const PLAIN = new Set(['content-type', 'content-length', 'date', 'connection', 'keep-alive']);

/**
 * The security headers helmet sends with these options, worked out once at start. @fastify/helmet
 * builds helmet's middleware again for every request (parsing the CSP each time, a few percent of
 * the CPU of a small API answer); these headers are the same on every response, so a throwaway
 * instance answers one request with helmet and the app sends what it answered.
 */
export async function helmetHeaders(options: FastifyHelmetOptions): Promise<Record<string, string>> {
  const probe = Fastify({ logger: false });
  try {
    await probe.register(fastifyHelmet, options);
    probe.get('/', async () => '');
    const res = await probe.inject({ method: 'GET', url: '/' });
    return Object.fromEntries(
      Object.entries(res.headers)
        .filter(([name, value]) => !PLAIN.has(name) && value !== undefined)
        .map(([name, value]) => [name, String(value)]),
    );
  } finally {
    await probe.close();
  }
}
