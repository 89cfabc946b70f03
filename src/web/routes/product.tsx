import { useState, type FormEvent, type MouseEvent } from 'react';
import { href, useFetcher, useNavigate } from 'react-router';

import { CART_MESSAGES } from '../../common/cart-messages.ts';
import { CATEGORIES, HIGHLIGHT_LABELS } from '../../common/catalog.ts';
import { formatPaise } from '../../common/money.ts';
import { savePendingIntent } from '../auth/pending-intent.ts';
import { buyNowHref } from '../buy-now.ts';
import { dropLimitsLine } from '../../common/drops.ts';
import { DeliveryCheck } from '../components/delivery-check.tsx';
import { DropCountdown } from '../components/drop-countdown.tsx';
import { LikeButton } from '../components/like-button.tsx';
import { NotifyMe } from '../components/notify-me.tsx';
import { ProductCard } from '../components/product-card.tsx';
import { ProductGallery } from '../components/product-gallery.tsx';
import { HydrateWhenNear } from '../components/hydrate-when-near.tsx';
import { ProductReviews } from '../components/product-reviews.tsx';
import { ReturnHereField } from '../components/return-here-field.tsx';
import { SizeChartButton } from '../components/size-chart-button.tsx';
import { SizePicker } from '../components/size-picker.tsx';
import { toast } from '../components/toaster.tsx';
import { useFetcherAnswer } from '../hooks/use-fetcher-answer.ts';
import { useHydrated } from '../hooks/use-hydrated.ts';
import { productPath, productsPath } from '../paths.ts';
import { useSignedIn } from '../hooks/use-signed-in.ts';
import { absoluteImageUrl, aggregateRating, jsonLd, pageMeta, publicOrigin, storeName } from '../seo.ts';
import type { Route } from './+types/product';
import type { CartAnswer } from './api.cart.ts';

export { loader } from './product.server.ts';

export function meta(args: Route.MetaArgs) {
  if (!args.loaderData)
    return pageMeta(args, { title: 'Product not found', description: 'Product not found', noIndex: true });
  const { product } = args.loaderData;
  const origin = publicOrigin(args.matches);
  const url = `${origin}${productPath(product.id)}`;
  const category = CATEGORIES.find((c) => c.slug === product.category);
  const images = product.images.map((image) => absoluteImageUrl(args.matches, image, 960));
  return [
    ...pageMeta(args, {
      title: product.name,
      description: product.description,
      image: images[0],
      type: 'product',
    }),
    jsonLd({
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: product.name,
      image: images,
      description: product.description,
      sku: String(product.id),
      brand: { '@type': 'Brand', name: storeName(args.matches) },
      offers: {
        '@type': 'Offer',
        url,
        priceCurrency: 'INR',
        price: (product.pricePaise / 100).toFixed(2),
        availability: product.inStock ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
      },
      // Only with shown reviews: search engines refuse a rating of nothing.
      ...(args.loaderData.reviews.summary ? { aggregateRating: aggregateRating(args.loaderData.reviews.summary) } : {}),
    }),
    jsonLd({
      '@context': 'https://schema.org',
      '@type': 'BreadcrumbList',
      itemListElement: [
        { '@type': 'ListItem', position: 1, name: 'Home', item: `${origin}${href('/')}` },
        ...(category
          ? [
              {
                '@type': 'ListItem',
                position: 2,
                name: category.name,
                item: `${origin}${productsPath({ category: category.slug })}`,
              },
            ]
          : []),
        { '@type': 'ListItem', position: category ? 3 : 2, name: product.name, item: url },
      ],
    }),
  ];
}

function InfoCard({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section className="rounded-lg border border-black/10 bg-white p-5" aria-label={title}>
      <h2 className="text-lg font-bold">{title}</h2>
      <div className="mt-3 text-sm leading-relaxed text-ink/85">{children}</div>
    </section>
  );
}

export default function ProductPage({ loaderData }: Route.ComponentProps) {
  const { product, likeCount, related, likedIds, soldOut, dropsAt, dropLimits } = loaderData;
  const navigate = useNavigate();
  const signedIn = useSignedIn();
  const isHydrated = useHydrated();
  const cart = useFetcher<CartAnswer>();
  const [sizeError, setSizeError] = useState<string>();
  const { inStock } = product;
  // Before its drop the sizes show, but nothing can be bought (the server refuses it too).
  const onSale = inStock && !dropsAt;
  const limits = dropLimits ? dropLimitsLine(dropLimits) : undefined;

  // The chosen size is the form's: a choice made before the scripts loaded counts too.
  function chosenSize(form: HTMLFormElement | null, message: string): string | undefined {
    const size = form ? new FormData(form).get('size') : null;
    if (typeof size === 'string' && size) return size;
    setSizeError(message);
    return undefined;
  }
  // Signed out, the intent is kept and the shopper goes to log in (docs/product.md §4).
  function remember(action: 'addToCart' | 'buyNow', chosen: string) {
    savePendingIntent({
      action,
      payload: { product_id: product.id, quantity: 1, size: chosen, product: { id: product.id, name: product.name } },
    });
    void navigate(href('/login'));
  }
  function addToCart(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const chosen = chosenSize(event.currentTarget, CART_MESSAGES.sizeForCart);
    if (!chosen) return;
    if (!signedIn) return remember('addToCart', chosen);
    void cart.submit(
      { intent: 'add', productId: product.id, size: chosen, quantity: 1 },
      { method: 'post', encType: 'application/json', action: href('/api/cart') },
    );
  }
  useFetcherAnswer(cart.data, (answer) => {
    if (answer.ok) toast.success(CART_MESSAGES.added);
    else toast.error(answer.unexpected ? answer.message : `Error adding to cart: ${answer.message}`);
  });
  function buyNow(event: MouseEvent<HTMLButtonElement>) {
    const chosen = chosenSize(event.currentTarget.form, CART_MESSAGES.sizeForBuying);
    if (!chosen) return;
    if (!signedIn) return remember('buyNow', chosen);
    void navigate(buyNowHref({ productId: product.id, size: chosen, quantity: 1 }));
  }

  const highlights = Object.entries(product.keyHighlights).filter(([, value]) => value);
  const delivery = product.deliveryInfo;

  return (
    <div className="mx-auto max-w-7xl px-4 py-6 sm:py-10">
      <div className="grid gap-8 lg:grid-cols-2">
        <ProductGallery images={product.images} name={product.name} />
        <div>
          <div className="flex items-start justify-between gap-4">
            <h1 className="text-2xl font-black sm:text-3xl">{product.name}</h1>
            <LikeButton
              productId={product.id}
              productName={product.name}
              liked={likedIds.includes(product.id)}
              count={likeCount}
              className="border border-black/10"
            />
          </div>
          <p className="mt-2 text-2xl font-bold">{formatPaise(product.pricePaise)}</p>
          <p className={`mt-1 text-sm font-semibold ${inStock ? 'text-green-800' : 'text-brand-dark'}`}>
            {product.availability}
          </p>
          <p className="mt-4 leading-relaxed">{product.description}</p>

          {/* Before the scripts load, a plain form post (the browser checks the size); then a fetcher's. */}
          <form method="post" action={href('/api/cart')} noValidate={isHydrated} onSubmit={addToCart}>
            <input type="hidden" name="intent" value="add" />
            <input type="hidden" name="productId" value={product.id} />
            <input type="hidden" name="quantity" value="1" />
            <ReturnHereField />
            <fieldset className="mt-6">
              {/* The caption for screen readers is the legend alone; the Size Chart button sits beside the visible one. */}
              <legend className="sr-only">Size</legend>
              <div className="mb-2 flex min-h-11 items-center justify-between gap-4">
                <span aria-hidden="true" className="font-semibold">
                  Size
                </span>
                <SizeChartButton productId={product.id} productName={product.name} chart={loaderData.sizeChart} />
              </div>
              <SizePicker
                sizes={product.sizes}
                soldOut={soldOut}
                required={onSale}
                onChange={() => setSizeError(undefined)}
                describedBy={sizeError ? 'size-error' : undefined}
              />
              {sizeError ? (
                <p id="size-error" role="alert" className="mt-2 text-sm font-semibold text-brand-dark">
                  {sizeError}
                </p>
              ) : null}
            </fieldset>

            {dropsAt ? <DropCountdown at={dropsAt} /> : null}
            {limits ? <p className="mt-3 text-sm font-semibold">{limits}</p> : null}
            <div className="mt-6 flex flex-col gap-3 sm:flex-row">
              <button
                type="submit"
                disabled={!onSale || cart.state !== 'idle'}
                className="h-12 flex-1 rounded-full border-2 border-ink font-bold hover:bg-ink hover:text-white disabled:opacity-50"
              >
                Add to Cart
              </button>
              <button
                type="button"
                onClick={buyNow}
                disabled={!onSale}
                className="h-12 flex-1 rounded-full bg-brand font-bold text-white hover:bg-brand-dark disabled:opacity-50"
              >
                Buy Now
              </button>
            </div>
          </form>
          {/* Before a drop, its 'Notify me'; on sale, the sold-out sizes' (docs/drops.md). */}
          {dropsAt && product.dropId !== null ? (
            <NotifyMe key="drop" target={{ dropId: product.dropId }} signedIn={signedIn} />
          ) : !dropsAt && soldOut.length > 0 ? (
            <NotifyMe key="sizes" target={{ productId: product.id, soldOut }} signedIn={signedIn} />
          ) : null}
        </div>
      </div>

      <div className="mt-10 grid gap-4 md:grid-cols-2">
        <InfoCard title="Key Highlights">
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
            {highlights.map(([key, value]) => (
              <div key={key} className="contents">
                <dt className="font-semibold">{HIGHLIGHT_LABELS[key] ?? key}</dt>
                <dd>{value}</dd>
              </div>
            ))}
          </dl>
        </InfoCard>
        <InfoCard title="Product Details">
          <p>{product.fullDescription || product.description}</p>
        </InfoCard>
        <InfoCard title="Manufacture & Care">
          <p>{product.manufactureAndCare}</p>
        </InfoCard>
        <InfoCard title="Return Policy">
          <p>{product.returnPolicy}</p>
        </InfoCard>
        <InfoCard title="Delivery Info">
          <ul className="space-y-1">
            <li>Standard delivery: {delivery.standardDelivery}</li>
            <li>Express delivery: {delivery.expressDelivery}</li>
            <li>
              {delivery.pincodeDelivery ? 'Delivery available to most pincodes' : 'Pincode delivery not available'}
            </li>
          </ul>
          {delivery.pincodeDelivery ? <DeliveryCheck productIds={[product.id]} /> : null}
        </InfoCard>
      </div>

      {/* Below the fold: each part hydrates when it comes near the screen, or when the browser is idle. */}
      <HydrateWhenNear data={loaderData}>
        <ProductReviews productId={product.id} productName={product.name} reviews={loaderData.reviews} />
      </HydrateWhenNear>

      {related.length > 0 ? (
        <HydrateWhenNear data={loaderData}>
          <section className="mt-14" aria-labelledby="related-title">
            <h2 id="related-title" className="text-xl font-black uppercase">
              You may also like
            </h2>
            <ul className="mt-4 grid grid-cols-2 gap-4 sm:grid-cols-4">
              {related.map((item) => (
                <li key={item.id}>
                  <ProductCard
                    product={item}
                    headingLevel="h3"
                    liked={likedIds.includes(item.id)}
                    rating={loaderData.ratings[item.id]}
                  />
                </li>
              ))}
            </ul>
          </section>
        </HydrateWhenNear>
      ) : null}
    </div>
  );
}

export function ErrorBoundary() {
  return (
    <section className="mx-auto max-w-xl px-4 py-24 text-center">
      <h1 className="text-3xl font-black">Product not found</h1>
      <p className="mt-4 text-muted">This product may have sold out or been removed.</p>
      <a href={href('/products')} className="mt-8 inline-block rounded-full bg-ink px-6 py-3 font-semibold text-white">
        Continue Shopping
      </a>
    </section>
  );
}
