// Write a review of a product (ADR 0031): for a buyer whose order with it was delivered, once.
// A page of its own rather than a dialog on the product page, so its code loads only when a buyer
// opens it, and the form works before (or without) the scripts.
import { Form, useNavigation } from 'react-router';

import { MAX_REVIEW_LENGTH } from '../../common/reviews.ts';
import { BackLink } from '../components/back-link.tsx';
import { FormMessage, TextAreaField } from '../components/form-field.tsx';
import { PRIMARY_BUTTON } from '../components/buttons.ts';
import { PhotosField } from '../components/photos-field.tsx';
import { ResponsiveImage } from '../components/responsive-image.tsx';
import { productPath } from '../paths.ts';
import { pageMeta } from '../seo.ts';
import type { Route } from './+types/product-review';

export { action, loader } from './product-review.server.ts';

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, {
    title: args.loaderData ? `Review ${args.loaderData.product.name}` : 'Write a review',
    description: 'Rate and review a product you bought from Trap the Trend.',
    noIndex: true,
  });
}

const RATINGS = [5, 4, 3, 2, 1] as const;

export default function ProductReviewPage({ loaderData, actionData }: Route.ComponentProps) {
  const { product, eligibility, maxPhotos } = loaderData;
  const busy = useNavigation().state !== 'idle';
  const errors: Record<string, string | undefined> = actionData?.fieldErrors ?? {};

  return (
    <section aria-labelledby="review-title" className="mx-auto max-w-2xl px-4 py-10">
      <BackLink to={productPath(product.id)}>{product.name}</BackLink>
      <div className="mt-4 flex items-center gap-4">
        {product.image ? (
          <ResponsiveImage
            base={product.image}
            alt=""
            sizes="80px"
            width={80}
            height={100}
            className="h-25 w-20 shrink-0 rounded-md object-cover"
          />
        ) : null}
        <h1 id="review-title" className="text-2xl font-black sm:text-3xl">
          {`Review ${product.name}`}
        </h1>
      </div>

      {!eligibility.may ? (
        <p className="mt-8 font-semibold">{eligibility.message}</p>
      ) : (
        <Form method="post" encType="multipart/form-data" className="mt-8 space-y-6">
          <p className="text-sm text-muted">{`Size bought: ${eligibility.size}. Your review shows with your first name and initial.`}</p>
          <fieldset aria-describedby={errors.rating ? 'rating-error' : undefined}>
            <legend className="text-sm font-semibold">Your rating</legend>
            <div className="mt-2 flex flex-wrap gap-2">
              {RATINGS.map((stars) => (
                <label
                  key={stars}
                  className="flex cursor-pointer items-center gap-2 rounded-full border border-black/20 px-3 py-2 has-[:checked]:border-ink has-[:checked]:bg-ink/5"
                >
                  <input type="radio" name="rating" value={stars} required className="size-4" />
                  <span aria-hidden="true" className="text-amber-600">
                    {'★'.repeat(stars)}
                  </span>
                  {stars === 1 ? '1 star' : `${stars} stars`}
                </label>
              ))}
            </div>
            {errors.rating ? (
              <p id="rating-error" className="mt-1 text-sm text-brand-dark">
                {errors.rating}
              </p>
            ) : null}
          </fieldset>
          <TextAreaField
            label="Your review"
            name="body"
            rows={6}
            required
            maxLength={MAX_REVIEW_LENGTH}
            placeholder="How does it fit, feel and wash?"
            error={errors.body}
          />
          <PhotosField maxPhotos={maxPhotos} error={errors.photos} />
          <FormMessage message={actionData ? { text: actionData.message, tone: 'error' } : undefined} />
          <button type="submit" className={PRIMARY_BUTTON} disabled={busy}>
            {busy ? 'Posting...' : 'Post review'}
          </button>
        </Form>
      )}
    </section>
  );
}
