// The server half of the route module checkout.tsx (ADR 0017): what runs only on the server.
import { listAddresses, PROFILE_ADDRESS_ID, profileAddress } from '../../server/addresses/service.ts';
import { codHistory } from '../../server/checkout/cash-on-delivery.ts';
import { availableCredit } from '../../server/checkout/credit.ts';
import { quoteFor } from '../../server/checkout/quote.ts';
import { DELIVERY_MESSAGES, deliveryService } from '../../server/delivery/check.ts';
import { getProfile } from '../../server/profiles/service.ts';
import { getApp } from '../app-context.server.ts';
import { buyNowOf } from '../buy-now.ts';
import type { DeliveryAddress } from '../components/checkout/address-book.tsx';
import { getSessionUser } from '../session.server.ts';
import type { Route } from './+types/checkout';

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await getSessionUser(context, request);
  if (!user) return { signedIn: false as const };
  const { db, logger, payments, config } = getApp(context);
  // A buy-now item named in the address is priced here; otherwise the selected cart lines.
  const buyNow = buyNowOf(new URL(request.url).searchParams);
  const cod = config.payments.cod;
  const [quote, saved, profile, history, credit] = await Promise.all([
    quoteFor(db, user.id, buyNow),
    listAddresses(db, user.id),
    getProfile(db, user.id),
    cod.enabled ? codHistory(db, user.id) : undefined,
    availableCredit(db, user.id, new Date()),
  ]);
  const addresses: DeliveryAddress[] = saved.map(
    ({ id, name, phone, house, street, city, pincode, state, country }) => ({
      id,
      name,
      phone,
      house,
      street,
      city,
      pincode,
      state,
      country,
    }),
  );
  const fromProfile = profileAddress(profile);
  const choices = fromProfile ? [...addresses, { id: PROFILE_ADDRESS_ID, ...fromProfile }] : addresses;
  const bought = buyNow && quote.ok ? quote.items[0] : undefined;
  // Who delivers to each address's pincode, as placing the order will judge it (checkout/workflow.ts):
  // the page refuses an address nobody serves before any payment, and cash where none is collected.
  const productIds = quote.ok ? quote.items.map((item) => item.productId) : [];
  const pincodes = productIds.length === 0 ? [] : [...new Set(choices.map((address) => address.pincode))];
  const now = new Date();
  const services = await Promise.all(
    pincodes.map((pincode) => deliveryService({ db, logger, ...payments.deps.delivery }, pincode, productIds, now)),
  );
  const delivery = Object.fromEntries(
    pincodes.map((pincode, index) => {
      const service = services[index]!;
      return [
        pincode,
        service.serviceable ? { refusal: null, cod: service.cod } : { refusal: DELIVERY_MESSAGES.excluded, cod: false },
      ];
    }),
  );
  return {
    signedIn: true as const,
    paymentScript: payments.settings.checkoutUrl,
    quote: quote.ok ? { items: quote.items, subtotalPaise: quote.subtotalPaise } : undefined,
    /** Why the buy-now item cannot be bought (sold out, no such product or size). */
    refusal: quote.ok ? undefined : quote.message,
    buyNow: bought && { productId: bought.productId, size: bought.size, quantity: bought.quantity },
    addresses: choices,
    /** By pincode: why nobody delivers there (null: someone does), and whether cash is collected. */
    delivery,
    // What the page judges cash on delivery by (common/payment-methods.ts), as the server will when
    // the order is placed; none when the store does not offer it.
    cod: history && {
      rules: {
        enabled: cod.enabled,
        minOrderPaise: cod.minOrderPaise,
        maxOrderPaise: cod.maxOrderPaise,
        excludedPincodes: cod.excludedPincodes,
        maxOpenOrders: cod.maxOpenOrders,
        maxReturnedToOrigin: cod.maxReturnedToOrigin,
        feePaise: cod.feePaise,
      },
      history,
    },
    prepaidDiscount: config.payments.prepaidDiscount,
    // The store credit the shopper may put towards this order (with what an open checkout of
    // theirs holds, which Continue to Payment gives back first); 0 for none (ADR 0050).
    creditPaise: credit,
  };
}
