import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import fastifyWebsocket from '@fastify/websocket';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import {
  jsonSchemaTransform,
  jsonSchemaTransformObject,
  serializerCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Config, TrustedProxies } from './config';
import type { Database } from './db/client';
import { requestLocale } from './i18n';
import type { EventBus, FrameHandlers } from './infra/events/bus';
import { InProcessBus } from './infra/events/in-process';
import { type Logger, serverLogger } from './infra/log';
import { createMailer, type Mailer } from './infra/mail/transport';
import { PushSender } from './infra/push/sender';
import { vapidKeys } from './infra/push/vapid';
import { OutboxSms, type SmsSender } from './infra/sms/outbox';
import { loadRenderer } from './infra/ssr/ssr';
import type { Storage } from './infra/storage';
import { storageFor } from './infra/storage/for-config';
import { requestContext } from './plugins/context';
import { registerErrorHandling, sendError } from './plugins/errors';
import { echoRequestId, RequestLogController, requestIdGenerator } from './plugins/request-log';
import { helmetHeaders } from './plugins/security-headers';
import { requestValidatorCompiler } from './plugins/validation';
import { publicApiDocument } from './presenters/api-document';
import { accountRoutes } from './routes/account';
import { activationRoutes } from './routes/activation';
import { adminRoutes } from './routes/admin';
import { bounceRoutes } from './routes/bounce';
import { chatsRoutes } from './routes/chats';
import { companyInfoRoutes } from './routes/companyinfo';
import { complaintsRoutes } from './routes/complaints';
import { creditsRoutes } from './routes/credits';
import { DEMO_CHECKOUT_PATH, demoCheckoutRoutes } from './routes/demo-checkout';
import { directDebitRoutes } from './routes/direct-debit';
import { geocodeRoutes } from './routes/geocode';
import { giftsRoutes } from './routes/gifts';
import { healthRoutes } from './routes/health';
import { heroRoutes } from './routes/hero';
import { interestsRoutes } from './routes/interests';
import { likesRoutes } from './routes/likes';
import { logoutRoutes } from './routes/logout';
import { mailChangeRoutes } from './routes/mail-change';
import { MAIL_EVENTS_PATH, mailEventsRoutes } from './routes/mail-events';
import { manifestRoutes } from './routes/manifest';
import { matchFinderRoutes } from './routes/match-finder';
import { mediaRoutes } from './routes/media';
import { memberRoutes } from './routes/member';
import { membersRoutes } from './routes/members';
import { messagesRoutes } from './routes/messages';
import { metricsRoutes } from './routes/metrics';
import { noticesRoutes } from './routes/notices';
import { notificationsRoutes } from './routes/notifications';
import { PAGE_HIDDEN_PATH, pageHiddenRoutes } from './routes/page-hidden';
import { passwordRoutes } from './routes/password';
import { PAYMENT_WEBHOOK_PATH, paymentsRoutes } from './routes/payments';
import { photosRoutes } from './routes/photos';
import { profileRoutes } from './routes/profile';
import { promosRoutes } from './routes/promos';
import { pushRoutes, pushUrl } from './routes/push';
import { reactivationRoutes } from './routes/reactivation';
import { regionsRoutes } from './routes/regions';
import { reportsRoutes } from './routes/reports';
import { robotsRoutes } from './routes/robots';
import { settingsRoutes } from './routes/settings';
import { showcaseRoutes } from './routes/showcase';
import { signupRoutes } from './routes/signup';
import { spaRoutes } from './routes/spa';
import { swipeGameRoutes } from './routes/swipe-game';
import { UNSUBSCRIBE_PATH, unsubscribeRoutes } from './routes/unsubscribe';
import { userRoutes } from './routes/user';
import { visitRoutes } from './routes/visit';
import { closeSockets, SOCKET_MAX_PAYLOAD, wsRoutes } from './routes/ws';
import type { Services } from './services/bag';
import { createGiftCatalogue } from './services/chat/gifts';
import { createSendBatcher } from './services/chat/send-batch';
import { DemoProvider } from './services/money/demo';
import { paymentProviderFor } from './services/money/for-config';
import type { PaymentProvider } from './services/money/provider';
import { pushEvents } from './services/notifications/push-events';
import { NotificationRecorder } from './services/notifications/recorder';
import { SiteRegistry } from './services/sites/sites';

export type AppDeps = {
  config: Config;
  database: Database;
  /** Injectable clock. */
  now?: () => Date;
  /** Folder of the built SPA; absent in API-only tests. */
  webDir?: string | null;
  /** Folder of the SPA's server build (landers' first paint); by default dist/ssr beside dist/web. */
  ssrDir?: string | null;
  storage?: Storage;
  /** Mail delivery; by default SMTP_URL, else the outbox folder (infra/mail/transport.ts). */
  mailer?: Mailer;
  /** Real-time events; by default in-process (one instance). */
  events?: EventBus;
  /** Payments; by default Mollie with MOLLIE_API_KEY, else the demo provider (services/money/for-config.ts). */
  paymentProvider?: PaymentProvider;
  /** SMS; by default the outbox folder DATA_DIR/sms-outbox. */
  sms?: SmsSender;
  /** The socket's frame handlers; by default the chat's (routes/chat-frames.ts). Tests stand in their own. */
  frameHandlers?: FrameHandlers;
  /** The process's logger (instance.ts shares it with the database and Redis); by default one of its own. */
  logger?: Logger;
};

export type App = FastifyInstance;

/**
 * Browser features no page of the site uses are off, also for anything framed or injected: only
 * the member's own location (the search's "near me") stays, for the site itself.
 */
const PERMISSIONS_POLICY = [
  'camera=()',
  'microphone=()',
  'geolocation=(self)',
  'payment=()',
  'usb=()',
  'serial=()',
  'bluetooth=()',
  'midi=()',
  'magnetometer=()',
  'gyroscope=()',
  'accelerometer=()',
  'display-capture=()',
  'browsing-topics=()',
].join(', ');

/** Routes (as the router matched them) whose callers cannot send the client header. */
const NO_BROWSER_HEADER = new Set([
  PAYMENT_WEBHOOK_PATH,
  MAIL_EVENTS_PATH,
  UNSUBSCRIBE_PATH,
  PAGE_HIDDEN_PATH,
  DEMO_CHECKOUT_PATH,
]);

/**
 * Fastify's trust for X-Forwarded-*. A number of hops becomes a function: Fastify itself refuses
 * hop counts (it cannot tell a proxy from a client that connects directly), which holds only when
 * the app is reachable through its proxies alone, as the README's TRUST_PROXY says.
 */
function proxyTrust(
  trusted: TrustedProxies,
): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (typeof trusted === 'number') return (_address, hop) => hop < trusted;
  return trusted;
}

/** The path as the router reads it (percent-decoded), for requests no route matched. */
function decodedPath(url: string): string {
  const raw = url.split('?')[0] ?? '/';
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const defaultWebDir = path.join(root, 'dist/web');
const defaultSsrDir = path.join(root, 'dist/ssr');

export async function buildApp(deps: AppDeps): Promise<App> {
  const { config, database } = deps;
  const now = deps.now ?? (() => new Date());
  const app = Fastify({
    // Fastify's types know its own logger interface, which pino's logger implements.
    loggerInstance: (deps.logger ?? (config.logLevel === 'silent' ? undefined : serverLogger(config))) as
      | FastifyBaseLogger
      | undefined,
    logController: new RequestLogController(config.requestLogLevel),
    genReqId: requestIdGenerator(config.trustedProxies),
    trustProxy: proxyTrust(config.trustedProxies),
    bodyLimit: 1024 * 1024,
    // Safe against slow clients; requests in flight are drained on close (SIGTERM).
    return503OnClosing: true,
    routerOptions: { maxParamLength: 200 },
    // POST/DELETE /api/user.php?push=1 to their own route (routes/push.ts).
    rewriteUrl: (req) => pushUrl(req.method, req.url ?? '/'),
    // A URL that cannot be decoded gets the error JSON too, not Fastify's own shape. No hook has
    // run for it, so the language comes straight from the cookie header.
    frameworkErrors: (_err, request, reply) => {
      request.locale = requestLocale(app.parseCookie(request.headers.cookie ?? ''));
      return sendError(request, reply, 400, 'invalid_input');
    },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(requestValidatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const sites = new SiteRegistry(database.db, () => now().getTime());
  const storage = deps.storage ?? storageFor(config);
  const mailer =
    deps.mailer ??
    createMailer(config, app.log, () => {
      const address = app.server.address();
      return address && typeof address === 'object' ? address.port : null;
    });
  app.addHook('onClose', async () => mailer.close());
  const events = deps.events ?? new InProcessBus();
  app.addHook('onClose', async () => events.close());
  const notifications = new NotificationRecorder(database.db, app.log, {
    windowMs: config.notificationBatchSeconds * 1000,
    onEvents: (events) => pushEvents(services, events, app.log),
  });
  // Events still gathering in memory are written before the database closes.
  app.addHook('onClose', async () => notifications.flush());
  const services: Services = {
    db: database.db,
    sites,
    config,
    now,
    storage,
    mailer,
    events,
    payments: deps.paymentProvider ?? paymentProviderFor(config, database.db, now),
    sms: deps.sms ?? new OutboxSms(path.join(config.dataDir, 'sms-outbox'), app.log),
    notifications,
    gifts: createGiftCatalogue(database.db, now),
    sendBatcher: createSendBatcher(database.db),
    push: new PushSender(
      database.db,
      vapidKeys(config),
      config.push.subject,
      config.push.endpointHosts,
      app.log,
      now,
    ),
  };
  app.decorate('services', services);

  // JSON answers and the server-drawn pages, compressed for the browsers that ask (br before gzip,
  // brotli at the plugin's quick level). Built files carry their own .br/.gz copies (below), and
  // request bodies are never inflated: nothing here sends them compressed.
  await app.register(fastifyCompress, { encodings: ['br', 'gzip'], globalDecompression: false });
  await app.register(fastifyCookie);
  await app.register(requestContext, { sites, geoipHeader: config.geoipHeader });
  const securityHeaders = await helmetHeaders({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // No style attribute in drawn HTML either (style-src-attr falls back to this): pages the
        // server draws place things with classes; in the browser React sets styles by script.
        styleSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        connectSrc: ["'self'"],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: config.trustProxy ? [] : null,
      },
    },
    // HSTS only makes sense behind HTTPS, which a proxy terminates.
    hsts: config.trustProxy ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
  });
  echoRequestId(app);
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(securityHeaders);
    reply.header('permissions-policy', PERMISSIONS_POLICY);
    done();
  });

  registerErrorHandling(app);

  // CSRF: state-changing calls must carry the client header. Decided on the route the router
  // matched, not on the raw address: the router decodes `/%61pi/…` and would otherwise reach a
  // handler the check never looked at.
  app.addHook('onRequest', async (request, reply) => {
    const route = request.routeOptions.url;
    const api = (route ?? decodedPath(request.url)).startsWith('/api/');
    if (api) reply.header('cache-control', 'no-store');
    if (['GET', 'HEAD', 'OPTIONS'].includes(request.method)) return;
    // Callers that cannot send the client header: the payment provider (which changes nothing on
    // its own word), the mail provider (authenticated by its secret), mail programs posting a
    // one-click unsubscribe (RFC 8058; the token in the address authorises it), the browser's
    // page-hidden beacon (sendBeacon sets no header; it only moves the caller's own presence) and
    // the demo provider's own checkout form.
    // By the matched route, or for a route this installation does not serve (the mail provider's,
    // without its secret) by the decoded path, so that caller gets the 404 it should.
    if (NO_BROWSER_HEADER.has(route ?? decodedPath(request.url))) return;
    // An address no route matched is refused too when it is under /api/ (it would be a 404).
    if (route === undefined && !api) return;
    if (request.headers['x-requested-with'] !== 'XMLHttpRequest') {
      return sendError(request, reply, 403, 'csrf');
    }
  });

  // Before the routes: its timing hook covers every one of them.
  await app.register(metricsRoutes, config.metrics);

  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'Dating and chat API', version: '1.0.0' },
    },
    transform: jsonSchemaTransform,
    // Schemas with a .meta({ id }) become shared components that the paths reference.
    transformObject: jsonSchemaTransformObject,
  });

  await app.register(fastifyWebsocket, {
    // No compression: per-socket zlib state would cost far more memory than the small frames save.
    options: { maxPayload: SOCKET_MAX_PAYLOAD, perMessageDeflate: false },
    preClose: closeSockets,
  });

  await app.register(healthRoutes);
  await app.register(settingsRoutes);
  await app.register(interestsRoutes);
  await app.register(regionsRoutes);
  await app.register(companyInfoRoutes);
  await app.register(userRoutes);
  await app.register(logoutRoutes);
  await app.register(signupRoutes);
  await app.register(robotsRoutes);
  await app.register(manifestRoutes);
  await app.register(heroRoutes);
  await app.register(showcaseRoutes);
  await app.register(membersRoutes);
  await app.register(geocodeRoutes);
  await app.register(mediaRoutes);
  await app.register(activationRoutes);
  await app.register(passwordRoutes);
  await app.register(mailChangeRoutes);
  await app.register(profileRoutes);
  await app.register(photosRoutes);
  await app.register(notificationsRoutes);
  await app.register(pushRoutes);
  await app.register(visitRoutes);
  await app.register(unsubscribeRoutes);
  if (config.mailEventsSecret) await app.register(mailEventsRoutes, { secret: config.mailEventsSecret });
  await app.register(pageHiddenRoutes);
  await app.register(accountRoutes);
  await app.register(reactivationRoutes);
  await app.register(memberRoutes);
  await app.register(likesRoutes);
  await app.register(bounceRoutes);
  await app.register(complaintsRoutes);
  await app.register(reportsRoutes);
  await app.register(noticesRoutes);
  await app.register(matchFinderRoutes);
  await app.register(promosRoutes);
  await app.register(swipeGameRoutes);
  await app.register(chatsRoutes);
  await app.register(messagesRoutes);
  await app.register(giftsRoutes);
  await app.register(creditsRoutes);
  await app.register(paymentsRoutes);
  await app.register(directDebitRoutes);
  if (services.payments instanceof DemoProvider)
    await app.register(demoCheckoutRoutes, { provider: services.payments });
  await app.register(adminRoutes);
  await app.register(wsRoutes, { frameHandlers: deps.frameHandlers });

  app.get('/api/docs', { schema: { hide: true } }, async () => publicApiDocument(app.swagger()));

  const webDir = deps.webDir === undefined ? defaultWebDir : deps.webDir;
  if (webDir && fs.existsSync(path.join(webDir, 'index.html'))) {
    await app.register(fastifyStatic, {
      root: webDir,
      wildcard: false,
      index: false,
      // The .br and .gz copies written by scripts/compress-assets.mjs at build time.
      preCompressed: true,
      setHeaders(res, file) {
        // Hashed assets never change; everything else is revalidated.
        if (file.includes(`${path.sep}assets${path.sep}`))
          res.header('cache-control', 'public, max-age=31536000, immutable');
        // The push worker: a browser checks it for a new build on every page load.
        else if (file === path.join(webDir, 'sw.js')) res.header('cache-control', 'no-cache');
      },
    });
    const ssrDir =
      deps.ssrDir === undefined ? (webDir === defaultWebDir ? defaultSsrDir : null) : deps.ssrDir;
    const renderer = ssrDir ? await loadRenderer(ssrDir) : null;
    await app.register(spaRoutes, { webDir, renderer, geoipHeader: config.geoipHeader });
  } else {
    app.setNotFoundHandler((request, reply) => sendError(request, reply, 404, 'not_found'));
  }
  return app;
}
