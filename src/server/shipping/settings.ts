// Which courier provider the store ships with (docs/decisions/0053): `manual` (staff type the
// courier and AWB; estimates from the zone table) or `shiprocket`, the real one with an API user's
// email and password, or in demo mode without them the local sandbox (shiprocket-sandbox.ts) at
// /sandbox/shiprocket. Only the base URL and the credentials differ; the code path is the same.
import { createHmac } from 'node:crypto';

import type { CategorySlug } from '../../common/catalog.ts';
import { resolveAuthSecret, type Config } from '../config.ts';
import type { Parcel } from './provider.ts';

export const SHIPROCKET_SANDBOX_PATH = '/sandbox/shiprocket';
/**
 * Where Shiprocket posts its tracking webhook (courier/webhook.ts). Its documentation forbids the
 * words shiprocket, kartrocket, sr and kr in the address, so the path names neither.
 */
export const SHIPROCKET_WEBHOOK_PATH = '/api/webhooks/courier-tracking';
const SHIPROCKET_API_URL = 'https://apiv2.shiprocket.in/v1/external';

/** The parcel of each category, and of any other. */
export interface ParcelSizes {
  default: Parcel;
  byCategory: Partial<Record<CategorySlug, Parcel>>;
}

/** The settings as config.ts reads them from the environment. */
export interface ShippingConfig {
  provider: 'manual' | 'shiprocket';
  shiprocketEmail: string | undefined;
  shiprocketPassword: string | undefined;
  shiprocketApiUrl: string | undefined;
  shiprocketWebhookToken: string | undefined;
  timeoutMs: number;
  pickupLocation: string;
  warehousePincode: string;
  parcels: ParcelSizes;
}

export interface ShiprocketSettings {
  sandbox: boolean;
  email: string;
  password: string;
  /** Ends in /v1/external. */
  apiUrl: string;
  /** What Shiprocket sends in the webhook's `x-api-key` header. */
  webhookToken: string;
  timeoutMs: number;
}

export interface ShippingSettings {
  /** Undefined: the manual provider. */
  shiprocket: ShiprocketSettings | undefined;
  pickupLocation: string;
  warehousePincode: string;
  parcels: ParcelSizes;
}

export function shippingSettings(config: Config): ShippingSettings {
  const { provider, pickupLocation, warehousePincode, parcels, timeoutMs } = config.shipping;
  const common = { pickupLocation, warehousePincode, parcels };
  if (provider === 'manual') return { ...common, shiprocket: undefined };
  const { shiprocketEmail: email, shiprocketPassword: password } = config.shipping;
  if (email && password) {
    return {
      ...common,
      shiprocket: {
        sandbox: false,
        email,
        password,
        apiUrl: (config.shipping.shiprocketApiUrl ?? SHIPROCKET_API_URL).replace(/\/$/, ''),
        // Config requires it in production; without it no webhook is believed.
        webhookToken: config.shipping.shiprocketWebhookToken ?? '',
        timeoutMs,
      },
    };
  }
  // Sandbox secrets are derived from the auth secret: stable across restarts, never the same twice.
  const derive = (purpose: string) => createHmac('sha256', resolveAuthSecret(config)).update(purpose).digest('hex');
  return {
    ...common,
    shiprocket: {
      sandbox: true,
      email: 'api@sandbox.shiprocket.local',
      password: derive('shiprocket-sandbox-password'),
      apiUrl: `${config.publicUrl}${SHIPROCKET_SANDBOX_PATH}/v1/external`,
      webhookToken: derive('shiprocket-sandbox-webhook-token'),
      timeoutMs,
    },
  };
}

/** The parcel an order of these categories makes: the heaviest line's category decides the box. */
export function parcelFor(categories: readonly CategorySlug[], sizes: ParcelSizes): Parcel {
  const parcels = categories.map((category) => sizes.byCategory[category] ?? sizes.default);
  return parcels.reduce(
    (largest, parcel) => (parcel.weightKg > largest.weightKg ? parcel : largest),
    parcels[0] ?? sizes.default,
  );
}

/**
 * 'default=0.5kg 30x25x4cm, jackets=1.2kg 40x32x10cm' → the parcel of each category and of any
 * other; refuses anything else with the message config.ts shows.
 */
export function parseParcelSizes(text: string, categories: readonly string[]): ParcelSizes {
  const entries = text
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  const byCategory: ParcelSizes['byCategory'] = {};
  let fallback: Parcel | undefined;
  for (const entry of entries) {
    const match = /^([a-z-]+)\s*=\s*(\d+(?:\.\d+)?)\s*kg\s+(\d+)x(\d+)x(\d+)\s*cm$/i.exec(entry);
    if (!match) {
      throw new Error(
        `"${entry}" is not a parcel: write category=weight kg LxBxH cm, such as jackets=1.2kg 40x32x10cm`,
      );
    }
    const [, name, weight, length, breadth, height] = match;
    const parcel = {
      weightKg: Number(weight),
      lengthCm: Number(length),
      breadthCm: Number(breadth),
      heightCm: Number(height),
    };
    if (
      parcel.weightKg <= 0 ||
      parcel.weightKg > 50 ||
      [parcel.lengthCm, parcel.breadthCm, parcel.heightCm].some((cm) => cm < 1 || cm > 200)
    ) {
      throw new Error(`"${entry}": a parcel weighs more than 0 and at most 50 kg, each side 1 to 200 cm`);
    }
    if (name === 'default') fallback = parcel;
    else if (categories.includes(name!)) byCategory[name as CategorySlug] = parcel;
    else throw new Error(`"${name}" is not a category (${categories.join(', ')}) nor "default"`);
  }
  if (!fallback) throw new Error('must give the default parcel, such as default=0.5kg 30x25x4cm');
  return { default: fallback, byCategory };
}
