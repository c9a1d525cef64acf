import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { DemoProvider } from './demo';
import { MollieProvider } from './mollie';
import type { PaymentProvider } from './provider';

/** The provider the configuration names (PAYMENTS): Mollie, or the built-in demo provider. */
export function paymentProviderFor(config: Config, db: Db, now: () => Date): PaymentProvider {
  if (config.payments === 'mollie' && config.mollie) return new MollieProvider(config.mollie);
  return new DemoProvider(db, now);
}
