// The courier provider wired for a running store: the settings, and Shiprocket's client when the
// store ships through it (its sandbox's address in demo mode); none for the manual provider.
import type { Config } from '../config.ts';
import type { Logger } from '../logger.ts';
import type { CourierProvider } from './provider.ts';
import { shippingSettings, type ShippingSettings } from './settings.ts';
import { createShiprocketProvider } from './shiprocket.ts';

export interface Shipping {
  settings: ShippingSettings;
  /** Undefined: parcels are shipped by hand, and estimates come from the zone table. */
  provider: CourierProvider | undefined;
}

export function createShipping(config: Config, logger: Logger): Shipping {
  const settings = shippingSettings(config);
  return {
    settings,
    provider: settings.shiprocket ? createShiprocketProvider(settings.shiprocket, settings, logger) : undefined,
  };
}
