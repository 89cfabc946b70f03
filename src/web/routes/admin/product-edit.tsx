import { useEffect, useRef } from 'react';
import { Form, Link, useNavigation, type ShouldRevalidateFunctionArgs } from 'react-router';

import {
  CATEGORIES,
  COLLECTIONS,
  HIGHLIGHT_LABELS,
  MAX_IMAGES_PER_PRODUCT,
  MAX_PRODUCT_NAME_LENGTH,
  SIZES,
} from '../../../common/catalog.ts';
import { formatPaise } from '../../../common/money.ts';
import { Alert } from '../../components/admin/alert.tsx';
import { BackToProducts } from '../../components/admin/back-to-products.tsx';
import { SizeChartForm } from '../../components/admin/size-chart-form.tsx';
import { SelectField, TextAreaField, TextField } from '../../components/form-field.tsx';
import { PRIMARY_BUTTON, SECONDARY_BUTTON } from '../../components/buttons.ts';
import { ResponsiveImage } from '../../components/responsive-image.tsx';
import { adminProductPath, adminProductStockPath, productPath } from '../../paths.ts';
import { adminPageMeta } from '../../seo.ts';
import type { Route } from './+types/product-edit';

import type { ActionAnswer } from './product-edit.server.ts';
import { HeadedSection } from '../../components/headed-section.tsx';

export { loader, action } from './product-edit.server.ts';

export function meta(args: Route.MetaArgs) {
  return adminPageMeta(args, 'Edit product', 'Edit a product.');
}

/**
 * A refused save keeps the form as the admin left it, including what it showed as stock (the
 * save applies the change from there); a successful one loads the product again.
 */
export function shouldRevalidate({ actionResult, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return (actionResult as ActionAnswer | undefined)?.tone === 'error' ? false : defaultShouldRevalidate;
}

/** Where the product is listed: its collection and its category, each a choice. */
const PLACEMENTS = [
  { label: 'Collection', name: 'collection', options: COLLECTIONS.map((c) => ({ value: c.slug, label: c.name })) },
  { label: 'Category', name: 'category', options: CATEGORIES.map((c) => ({ value: c.slug, label: c.name })) },
] as const;

/** The product's texts, each in a text area; the two descriptions take the form's whole width. */
const TEXT_AREAS = [
  { label: 'Short description', name: 'description', rows: 2, wide: true },
  { label: 'Full description', name: 'fullDescription', rows: 5, wide: true },
  { label: 'Manufacture and care', name: 'manufactureAndCare', rows: 3, wide: false },
  { label: 'Return policy', name: 'returnPolicy', rows: 3, wide: false },
] as const;

/** Edit every field of a product, its sizes and stock, and its images; or delete it. */
export default function ProductEdit({ loaderData, actionData }: Route.ComponentProps) {
  const { product, stock } = loaderData;
  const errors = actionData?.errors ?? {};
  const navigation = useNavigation();
  const saving = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'save';
  return (
    <section aria-labelledby="edit-title" className="mt-6">
      <BackToProducts />
      <h1 id="edit-title" className="mt-2 text-2xl font-black uppercase">
        {`Edit ${product.name}`}
      </h1>
      <p className="text-sm text-muted">
        Product {product.id} ·{' '}
        <Link to={productPath(product.id)} className="underline">
          View in the store
        </Link>{' '}
        ·{' '}
        <Link to={adminProductStockPath(product.id)} className="underline">
          Stock and its history
        </Link>
      </p>
      {actionData ? <Alert tone={actionData.tone}>{actionData.message}</Alert> : null}
      {/* Keyed by version: after a save the form starts again from what was saved. */}
      <Form method="post" encType="multipart/form-data" key={product.version} className="mt-6 grid gap-8">
        <input type="hidden" name="version" value={product.version} />
        <fieldset className="grid gap-4 sm:grid-cols-2">
          <legend className="mb-2 text-lg font-bold">Details</legend>
          <TextField
            label="Name"
            name="name"
            defaultValue={product.name}
            required
            maxLength={MAX_PRODUCT_NAME_LENGTH}
            error={errors.name}
          />
          <TextField
            label="Price"
            name="price"
            defaultValue={formatPaise(product.pricePaise)}
            required
            inputMode="decimal"
            error={errors.price}
          />
          {PLACEMENTS.map(({ label, name, options }) => (
            <SelectField
              key={name}
              label={label}
              name={name}
              options={options}
              defaultValue={product[name] ?? ''}
              error={errors[name]}
            />
          ))}
          {TEXT_AREAS.map(({ label, name, rows, wide }) => (
            <div key={name} className={wide ? 'sm:col-span-2' : undefined}>
              <TextAreaField label={label} name={name} rows={rows} defaultValue={product[name]} error={errors[name]} />
            </div>
          ))}
        </fieldset>

        <fieldset className="grid gap-4 sm:grid-cols-3">
          <legend className="mb-2 text-lg font-bold">Key highlights</legend>
          {Object.entries(HIGHLIGHT_LABELS).map(([key, label]) => (
            <TextField
              key={key}
              label={label}
              name={`highlight-${key}`}
              defaultValue={product.keyHighlights[key] ?? ''}
              error={errors[`highlight-${key}`]}
            />
          ))}
        </fieldset>

        <fieldset className="grid gap-4 sm:grid-cols-3">
          <legend className="mb-2 text-lg font-bold">Delivery</legend>
          <TextField
            label="Standard delivery"
            name="standardDelivery"
            defaultValue={product.deliveryInfo.standardDelivery}
            error={errors.standardDelivery}
          />
          <TextField
            label="Express delivery"
            name="expressDelivery"
            defaultValue={product.deliveryInfo.expressDelivery}
            error={errors.expressDelivery}
          />
          <label className="flex items-center gap-2 self-end pb-3 font-semibold">
            <input
              type="checkbox"
              name="pincodeDelivery"
              defaultChecked={product.deliveryInfo.pincodeDelivery}
              className="size-5"
            />
            Pincode delivery check
          </label>
        </fieldset>

        <fieldset>
          <legend className="mb-2 text-lg font-bold">Sizes and stock</legend>
          <p className="mb-3 text-sm text-muted">
            To record stock received, damaged or counted, with a reason staff can read later, use{' '}
            <Link to={adminProductStockPath(product.id)} className="underline">
              the stock page
            </Link>
            .
          </p>
          {errors.sizes ? <p className="mb-2 text-sm text-brand-dark">{errors.sizes}</p> : null}
          <div className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-6">
            {SIZES.map((size) => (
              <div key={size} className="rounded-md border border-black/15 p-3">
                <label className="flex items-center gap-2 font-semibold">
                  <input
                    type="checkbox"
                    name="sizes"
                    value={size}
                    defaultChecked={product.sizes.includes(size)}
                    className="size-5"
                  />
                  Offer {size}
                </label>
                <input type="hidden" name={`stockWas-${size}`} value={stock[size] ?? 0} />
                <TextField
                  label={`${size} units available to sell`}
                  name={`stock-${size}`}
                  type="number"
                  min={0}
                  step={1}
                  defaultValue={stock[size] ?? 0}
                  error={errors[`stock-${size}`]}
                />
              </div>
            ))}
          </div>
        </fieldset>

        <ImagesFieldset images={product.images} name={product.name} error={errors.newImages} />

        <div>
          <button type="submit" name="intent" value="save" className={`${PRIMARY_BUTTON} sm:w-auto`} disabled={saving}>
            {saving ? 'Saving…' : 'Save changes'}
          </button>
        </div>
      </Form>
      <HeadedSection id="size-chart-title" title="Size chart" className="mt-8">
        <p className="text-sm text-muted">
          {product.category
            ? `Sizes left empty follow the ${CATEGORIES.find((c) => c.slug === product.category)?.name ?? product.category} chart (shown in grey).`
            : 'This product has no category: give every size its measurements.'}
        </p>
        <SizeChartForm
          action={adminProductPath(product.id)}
          intent="size-chart"
          sizes={SIZES.filter((size) => product.sizes.includes(size))}
          values={loaderData.sizeChart.own}
          inherited={loaderData.sizeChart.inherited}
          caption={`Size chart of ${product.name}`}
        />
      </HeadedSection>
      <DeleteProduct name={product.name} />
    </section>
  );
}

function ImagesFieldset({ images, name, error }: { images: string[]; name: string; error: string | undefined }) {
  return (
    <fieldset>
      <legend className="mb-2 text-lg font-bold">Images</legend>
      <p className="mb-3 text-sm text-muted">
        The first image is the thumbnail. Change the positions to reorder; at most {MAX_IMAGES_PER_PRODUCT} images.
      </p>
      <ol className="grid grid-cols-2 gap-4 sm:grid-cols-4 lg:grid-cols-6">
        {images.map((base, index) => (
          <li key={base} className="rounded-md border border-black/15 p-2">
            <ResponsiveImage
              base={base}
              alt={`${name}, image ${index + 1}`}
              sizes="160px"
              width={160}
              height={200}
              className="aspect-[4/5] w-full rounded object-cover"
            />
            <input type="hidden" name="image" value={base} />
            <TextField
              label={`Position of image ${index + 1}`}
              name="imagePosition"
              type="number"
              min={1}
              max={images.length}
              defaultValue={index + 1}
            />
            <label className="mt-2 flex items-center gap-2 text-sm font-semibold">
              <input type="checkbox" name="removeImage" value={base} className="size-4" />
              Remove image {index + 1}
            </label>
          </li>
        ))}
      </ol>
      <div className="mt-4 max-w-md">
        <TextField
          label="Add images (JPEG, PNG or WebP, at most 10 MB each)"
          name="newImages"
          type="file"
          multiple
          accept="image/jpeg,image/png,image/webp"
          error={error}
        />
      </div>
    </fieldset>
  );
}

/** Delete, after a confirmation dialog (docs/product.md §5 "Admin product delete asks for confirmation"). */
function DeleteProduct({ name }: { name: string }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const navigation = useNavigation();
  const deleting = navigation.state !== 'idle' && navigation.formData?.get('intent') === 'delete';
  useEffect(() => {
    if (navigation.state === 'idle') dialog.current?.close();
  }, [navigation.state]);
  return (
    <div className="mt-10 border-t border-black/10 pt-6">
      <h2 className="text-lg font-bold">Delete this product</h2>
      <p className="text-sm text-muted">
        It leaves the store, carts and favorites, and its uploaded images are removed. Past orders keep their copy.
      </p>
      <button
        type="button"
        className={`${SECONDARY_BUTTON} mt-3 sm:w-auto`}
        onClick={() => dialog.current?.showModal()}
      >
        Delete product
      </button>
      <dialog
        ref={dialog}
        aria-labelledby="delete-title"
        className="m-auto max-w-md rounded-lg p-6 backdrop:bg-black/50"
      >
        <h2 id="delete-title" className="text-lg font-bold">
          {`Delete “${name}”?`}
        </h2>
        <p className="mt-2 text-sm">This cannot be undone.</p>
        <Form method="post" encType="multipart/form-data" className="mt-4 flex justify-end gap-3">
          <button type="button" className={`${SECONDARY_BUTTON} w-auto`} onClick={() => dialog.current?.close()}>
            Cancel
          </button>
          <button
            type="submit"
            name="intent"
            value="delete"
            className="rounded-md bg-red-700 px-5 py-3 font-bold text-white hover:bg-red-800 disabled:opacity-60"
            disabled={deleting}
          >
            {deleting ? 'Deleting…' : 'Delete'}
          </button>
        </Form>
      </dialog>
    </div>
  );
}
