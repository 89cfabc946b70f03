// A shopper's copy of what the store keeps about them (ADR 0029): their account,
// profile, saved addresses, orders (with their parcels, return requests and tax documents),
// store credit (balance and ledger), reviews, likes and cart, as one JSON document. Only the signed-in user's own rows: every query
// is by the id the session gives. Secrets are left out (the password hash, the authenticator
// secret, session tokens): they are not information about the person, and a copy of them would be
// a key to the account.
import { asc, desc, eq } from 'drizzle-orm';

import { orderNumber } from '../../common/orders.ts';
import { listAddresses } from '../addresses/service.ts';
import { getCart } from '../cart/service.ts';
import type { Database } from '../db/client.ts';
import { accounts, productLikes, products, reviews, users } from '../db/schema.ts';
import { documentsOfOrders } from '../invoices/documents.ts';
import { returnsOfOrders } from '../orders/returns.ts';
import { listOrders } from '../orders/service.ts';
import { shipmentsOf } from '../orders/shipping.ts';
import { getProfile } from '../profiles/service.ts';
import { allCreditEntries, creditBalance } from '../store-credit/ledger.ts';
import { newestFirst } from '../shared/newest-first.ts';

/** The download's file name: the store's and the day's. */
export function accountDataFileName(now: Date): string {
  return `trapthetrend-my-data-${new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(now)}.json`;
}

/** Everything the store keeps about `userId`, or undefined when there is no such (undeleted) account. */
export async function exportAccountData(db: Database, userId: string, now = new Date()) {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user || user.deletedAt) return undefined;
  const signIns = await db
    .select({ providerId: accounts.providerId, createdAt: accounts.createdAt })
    .from(accounts)
    .where(eq(accounts.userId, userId))
    .orderBy(asc(accounts.createdAt));
  const profile = await getProfile(db, userId);
  const orders = await listOrders(db, userId);
  const orderIds = orders.map((order) => order.id);
  const [parcels, returns, documents] = await Promise.all([
    shipmentsOf(db, orderIds),
    returnsOfOrders(db, orderIds),
    documentsOfOrders(db, orderIds),
  ]);
  const reviewRows = await db
    .select({
      productId: reviews.productId,
      productName: products.name,
      orderId: reviews.orderId,
      size: reviews.size,
      rating: reviews.rating,
      body: reviews.body,
      photos: reviews.photos,
      hiddenAt: reviews.hiddenAt,
      hiddenReason: reviews.hiddenReason,
      createdAt: reviews.createdAt,
    })
    .from(reviews)
    .innerJoin(products, eq(products.id, reviews.productId))
    .where(eq(reviews.userId, userId))
    .orderBy(desc(reviews.createdAt));
  const likes = await db
    .select({ productId: productLikes.productId, productName: products.name, likedAt: productLikes.createdAt })
    .from(productLikes)
    .innerJoin(products, eq(products.id, productLikes.productId))
    .where(eq(productLikes.userId, userId))
    .orderBy(newestFirst(productLikes));
  const cart = await getCart(db, userId);
  const [creditPaise, creditEntries] = await Promise.all([creditBalance(db, userId), allCreditEntries(db, userId)]);

  return {
    exportedAt: now.toISOString(),
    about:
      'Everything Trap the Trend keeps about your account. Amounts are in paise (100 paise = 1 rupee); times are in UTC.',
    account: {
      id: user.id,
      name: user.name,
      email: user.email,
      emailVerified: user.emailVerified,
      createdAt: user.createdAt.toISOString(),
      signInMethods: signIns.map((signIn) => ({
        method: signIn.providerId === 'credential' ? 'password' : signIn.providerId,
        since: signIn.createdAt.toISOString(),
      })),
      twoFactorSignIn: user.twoFactorEnabled,
    },
    profile: profile && {
      firstName: profile.firstName,
      lastName: profile.lastName,
      email: profile.email,
      phone: profile.phone,
      gender: profile.gender,
      address: {
        house: profile.addressHouse,
        line: profile.addressLine,
        city: profile.addressCity,
        state: profile.addressState,
        pincode: profile.addressPin,
      },
      updatedAt: profile.updatedAt.toISOString(),
    },
    addresses: (await listAddresses(db, userId)).map((address) => ({
      name: address.name,
      phone: address.phone,
      house: address.house,
      street: address.street,
      city: address.city,
      state: address.state,
      pincode: address.pincode,
      country: address.country,
      savedAt: address.createdAt.toISOString(),
    })),
    orders: orders.map((order) => ({
      number: orderNumber(order.id),
      id: order.id,
      placedAt: order.createdAt.toISOString(),
      status: order.status,
      items: order.itemsJson.map((item) => ({
        productId: item.productId,
        name: item.name,
        size: item.size,
        quantity: item.quantity,
        pricePaise: item.pricePaise,
      })),
      subtotalPaise: order.subtotalPaise,
      discountPaise: order.discountPaise,
      totalPaise: order.totalPaise,
      couponCode: order.couponCode,
      razorpayPaymentId: order.paymentId,
      deliveryAddress: order.addressJson,
      shipments: (parcels.get(order.id) ?? []).map((parcel) => ({
        courier: parcel.courier,
        awb: parcel.awb,
        trackingUrl: parcel.trackingUrl,
        shippedAt: parcel.shippedAt.toISOString(),
        deliveredAt: parcel.deliveredAt?.toISOString() ?? null,
        forExchange: parcel.returnRequestId !== null,
      })),
      returnRequests: (returns.get(order.id) ?? []).map((request) => ({
        kind: request.kind,
        status: request.status,
        productId: request.productId,
        size: request.size,
        quantity: request.quantity,
        exchangeSize: request.exchangeSize,
        reason: request.reason,
        note: request.note,
        photosAttached: request.photos.length,
        staffMessage: request.staffMessage,
        refundPaise: request.refundPaise,
        // Where its refund goes, with the UPI ID or bank account the shopper gave for a payout.
        refundTo: request.refundDestination,
        payoutTo: request.payoutUpiId
          ? { upiId: request.payoutUpiId }
          : request.payoutAccountNumber
            ? {
                accountHolder: request.payoutAccountHolder,
                accountNumber: request.payoutAccountNumber,
                ifsc: request.payoutIfsc,
              }
            : null,
        requestedAt: request.createdAt.toISOString(),
        decidedAt: request.decidedAt?.toISOString() ?? null,
        pickedUpAt: request.pickedUpAt?.toISOString() ?? null,
        closedAt: request.closedAt?.toISOString() ?? null,
      })),
      taxDocuments: (documents.get(order.id) ?? []).map((document) => ({
        kind: document.kind === 'invoice' ? 'tax invoice' : 'credit note',
        number: document.number,
      })),
    })),
    storeCredit: {
      balancePaise: creditPaise,
      entries: creditEntries.map((entry) => ({
        kind: entry.kind,
        amountPaise: entry.amountPaise,
        reason: entry.reason,
        orderNumber: entry.orderId ? orderNumber(entry.orderId) : null,
        expiresAt: entry.expiresAt?.toISOString() ?? null,
        at: entry.createdAt.toISOString(),
      })),
    },
    reviews: reviewRows.map((review) => ({
      productId: review.productId,
      productName: review.productName,
      orderNumber: orderNumber(review.orderId),
      size: review.size,
      rating: review.rating,
      body: review.body,
      photosAttached: review.photos.length,
      hidden: review.hiddenAt ? { at: review.hiddenAt.toISOString(), reason: review.hiddenReason } : null,
      postedAt: review.createdAt.toISOString(),
    })),
    likes: likes.map((like) => ({
      productId: like.productId,
      productName: like.productName,
      likedAt: like.likedAt.toISOString(),
    })),
    cart: cart.map((line) => ({
      productId: line.productId,
      productName: line.name,
      size: line.size,
      quantity: line.quantity,
      selected: line.selected,
    })),
  };
}
