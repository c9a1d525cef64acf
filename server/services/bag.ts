import type { Config } from '../config';
import type { Database } from '../db/client';
import type { EventBus } from '../infra/events/bus';
import type { Mailer } from '../infra/mail/transport';
import type { PushSender } from '../infra/push/sender';
import type { SmsSender } from '../infra/sms/outbox';
import type { Storage } from '../infra/storage';
import type { GiftCatalogue } from './chat/gifts';
import type { SendBatcher } from './chat/send-batch';
import type { PaymentProvider } from './money/provider';
import type { NotificationRecorder } from './notifications/recorder';
import type { SiteRegistry } from './sites/sites';

/**
 * What every service and route is handed: the database and the per-app singletons buildApp makes.
 * A leaf module of types only, so a service that needs the bag imports no part of the app itself.
 */
export type Services = {
  db: Database['db'];
  sites: SiteRegistry;
  config: Config;
  now: () => Date;
  storage: Storage;
  mailer: Mailer;
  events: EventBus;
  payments: PaymentProvider;
  sms: SmsSender;
  /** Notification events (a message, a like) into the outbox that notification mails are sent from. */
  notifications: NotificationRecorder;
  /** Push messages to members' browsers (VAPID keys from the config or DATA_DIR). */
  push: PushSender;
  /** The gift catalogue, cached for the app; the console invalidates it. */
  gifts: GiftCatalogue;
  /** Group commit of chat sends (chat/send-batch.ts): one per app, so a batch gathers every send. */
  sendBatcher: SendBatcher;
};

declare module 'fastify' {
  interface FastifyInstance {
    services: Services;
  }
}
