// The server half of the route module product-review.tsx (ADR 0017): what runs only on the server.
import path from 'node:path';

import { data, href, redirect } from 'react-router';

import { parseSerialId } from '../../common/ids.ts';
import { MAX_REVIEW_PHOTOS, REVIEW_MESSAGES } from '../../common/reviews.ts';
import { receiveUpload } from '../../server/storage/uploads.ts';
import { getProduct } from '../../server/catalog/service.ts';
import { postReview, reviewEligibility } from '../../server/reviews/service.ts';
import { getApp } from '../app-context.server.ts';
import { failureData } from '../failures.server.ts';
import { productPath } from '../paths.ts';
import { getSessionUser } from '../session.server.ts';
import type { Route } from './+types/product-review';

const productNotFound = () => data(REVIEW_MESSAGES.productNotFound, { status: 404 });

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const user = await getSessionUser(context, request);
  if (!user) throw redirect(href('/login'));
  const { db } = getApp(context);
  const id = parseSerialId(params.id);
  const product = id === null ? undefined : await getProduct(db, id);
  if (!product) throw productNotFound();
  const eligibility = await reviewEligibility(db, user.id, product.id);
  return {
    product: { id: product.id, name: product.name, image: product.images[0] ?? null },
    eligibility,
    maxPhotos: MAX_REVIEW_PHOTOS,
  };
}

/**
 * A review, sent as a form with up to MAX_REVIEW_PHOTOS photos; taken, the buyer goes back to the
 * product page, where it now heads the reviews.
 */
export async function action({ request, context, params }: Route.ActionArgs) {
  const user = await getSessionUser(context, request);
  if (!user) throw redirect(href('/login'));
  const { db, config, logger } = getApp(context);
  const id = parseSerialId(params.id);
  if (id === null) throw productNotFound();
  const upload = await receiveUpload(request, path.join(config.dataDir, 'tmp'), { maxFiles: MAX_REVIEW_PHOTOS });
  if (!upload.ok) return failureData(upload);
  try {
    const fields = Object.fromEntries([...upload.fields].map(([name, values]) => [name, values[0]]));
    const photos = upload.files.filter((file) => file.field === 'photos');
    const result = await postReview({ db, logger, images: { config } }, user, id, fields, photos);
    if (!result.ok) {
      if (result.kind === 'not_found') throw productNotFound();
      return failureData(result);
    }
    throw redirect(`${productPath(id)}#reviews`);
  } finally {
    await upload.discard();
  }
}
