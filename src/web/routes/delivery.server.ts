// The server half of the route module delivery.tsx (ADR 0017): a delivery check, and the pincode
// this browser checked last, kept in a cookie of its own (ADR 0026).
import { data } from 'react-router';

import { parseSerialId } from '../../common/ids.ts';
import { PINCODE_COOKIE, rememberedPincode } from '../../common/pincode.ts';
import { getProduct } from '../../server/catalog/service.ts';
import { checkDelivery, MAX_CHECKED_PRODUCTS, type DeliveryAnswer } from '../../server/delivery/check.ts';
import { getApp } from '../app-context.server.ts';
import { productPath } from '../paths.ts';
import { RETURN_TO_FIELD } from '../components/return-here-field.tsx';
import { statusOf } from '../failures.server.ts';
import { safeLocalPath } from '../safe-path.ts';
import type { Route } from './+types/delivery';

const A_YEAR_IN_SECONDS = 365 * 24 * 60 * 60;

/**
 * The last pincode checked, for visitors and signed-in shoppers alike: a preference, not a secret,
 * so the page's script may read it, and asks for its answer only when there is one (ADR 0064).
 */
function rememberCookie(pincode: string, publicUrl: string): string {
  const secure = publicUrl.startsWith('https://') ? '; Secure' : '';
  return `${PINCODE_COOKIE}=${pincode}; Path=/; Max-Age=${A_YEAR_IN_SECONDS}; SameSite=Lax${secure}`;
}

export interface DeliveryCheckData {
  /** The pincode checked: the one asked about, or else the one remembered ('' for none). */
  pincode: string;
  answer: DeliveryAnswer | null;
}

/**
 * GET /delivery?pincode=560001&product=12: the check (a fetcher's, or the plain form's page before
 * the scripts have loaded). Without a pincode, the remembered one is checked, so a page fills the
 * field after it has loaded, from this answer: the page itself stays the same for everyone.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const app = getApp(context);
  const query = new URL(request.url).searchParams;
  const productIds = query.getAll('product').slice(0, MAX_CHECKED_PRODUCTS + 1);
  const asked = query.get('pincode');
  const pincode = asked === null ? rememberedPincode(request.headers.get('Cookie')) : asked.trim();
  // The plain form's page names the product checked and leads back to where the form was.
  const single = productIds.length === 1 ? parseSerialId(productIds[0]!) : null;
  const product = single === null ? undefined : await getProduct(app.db, single);
  const page = {
    productIds: productIds.map(parseSerialId).filter((id) => id !== null),
    productName: product?.name ?? null,
    back: safeLocalPath(query.get(RETURN_TO_FIELD), product ? productPath(product.id) : '/'),
  };
  if (pincode === null) return { pincode: '', answer: null, ...page };
  const answer = await checkDelivery(
    {
      db: app.db,
      logger: app.logger,
      settings: app.config.delivery,
      provider: app.shipping.provider,
      parcels: app.shipping.settings.parcels,
      limit: app.config.rateLimits.pincodeLookupPerIp,
    },
    { pincode, productIds },
    { ip: app.clientIp },
  );
  const headers = new Headers();
  if (answer.ok && asked !== null) headers.append('Set-Cookie', rememberCookie(answer.pincode, app.config.publicUrl));
  if (!answer.ok && answer.retryAfterSeconds) headers.set('Retry-After', String(answer.retryAfterSeconds));
  return data({ pincode, answer, ...page } satisfies DeliveryCheckData & typeof page, {
    status: answer.ok ? 200 : statusOf(answer),
    headers,
  });
}
