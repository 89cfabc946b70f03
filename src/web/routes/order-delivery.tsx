// A failed delivery of the shopper's order (docs/decisions/0053), reached from the emailed link and
// from Your Orders: what the courier said, and what the shopper wants done: another attempt on a
// day, or a corrected phone number or address line. A signed-out visitor logs in first and comes back.
import { Form, href, Link, useNavigation } from 'react-router';

import { FieldError, FormMessage, SelectField, TextField } from '../components/form-field.tsx';
import { PRIMARY_BUTTON } from '../components/buttons.ts';
import { EmptyState, ShopperPage } from '../components/shopper-page.tsx';
import { useLogInToReturn } from '../hooks/use-log-in-to-return.ts';
import { RadioOption } from '../components/radio-option.tsx';
import { pageMeta } from '../seo.ts';
import type { Route } from './+types/order-delivery';

export { action, loader } from './order-delivery.server.ts';

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, {
    title: 'Delivery of your order',
    description: 'Tell us what to do after a failed delivery.',
    noIndex: true,
  });
}

const CHOICES = [
  { value: 'reattempt', label: 'Try again on a day I choose' },
  { value: 'change_phone', label: 'Try again, calling a corrected phone number' },
  { value: 'change_address', label: 'Try again at a corrected address' },
] as const;

export default function OrderDeliveryPage({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state !== 'idle';
  useLogInToReturn(loaderData.signedIn ? undefined : loaderData.returnTo);

  if (!loaderData.signedIn) {
    return (
      <ShopperPage id="order-delivery-title" title="Delivery of your order" className="mx-auto max-w-2xl px-4 py-10">
        <EmptyState message="Please log in to answer about your delivery." to={href('/login')} action="Log in" />
      </ShopperPage>
    );
  }
  const { failure, number, reattemptDays } = loaderData;
  const errors = actionData && !actionData.ok ? (actionData.fieldErrors ?? {}) : {};
  return (
    <ShopperPage
      id="order-delivery-title"
      title={`Delivery of order #${number}`}
      className="mx-auto max-w-2xl px-4 py-10"
    >
      {actionData?.ok ? (
        <div className="mt-6">
          <FormMessage message={{ text: actionData.message, tone: 'success' }} />
        </div>
      ) : null}
      {!failure ? (
        <EmptyState
          message="The courier has reported no failed delivery of this order."
          to={href('/orders')}
          action="View your orders"
        />
      ) : (
        <div className="mt-6 rounded-lg border border-black/10 bg-white p-6">
          <h2 className="font-bold">The courier could not deliver your order</h2>
          <p className="mt-2 text-sm">{`${failure.reportedAt}. The courier says: ${failure.reason}`}</p>
          {failure.answer ? (
            <p className="mt-4 text-sm">
              <span className="font-semibold">You asked:</span> {failure.answer}
            </p>
          ) : null}
          {failure.open ? (
            <Form method="post" className="mt-6 space-y-4">
              <fieldset aria-describedby={errors.action ? 'ndr-action-error' : undefined}>
                <legend className="font-semibold">What should the courier do?</legend>
                <div className="mt-2 space-y-2 text-sm">
                  {CHOICES.map((choice) => (
                    <RadioOption
                      key={choice.value}
                      name="action"
                      value={choice.value}
                      defaultChecked={choice.value === 'reattempt'}
                      label={choice.label}
                    />
                  ))}
                </div>
                <FieldError id="ndr-action-error" error={errors.action} />
              </fieldset>
              <SelectField
                label="Day for another attempt"
                name="reattemptOn"
                options={reattemptDays}
                error={errors.reattemptOn}
              />
              <TextField
                label="Corrected phone number (10 digits)"
                name="phone"
                inputMode="numeric"
                autoComplete="tel-national"
                maxLength={14}
                error={errors.phone}
              />
              <TextField
                label="Corrected address line"
                name="addressLine"
                autoComplete="street-address"
                maxLength={200}
                error={errors.addressLine}
              />
              <FormMessage
                message={actionData && !actionData.ok ? { text: actionData.message, tone: 'error' } : undefined}
              />
              <button type="submit" className={PRIMARY_BUTTON} disabled={busy}>
                Send my answer
              </button>
            </Form>
          ) : null}
          <Link to={href('/orders')} className="mt-6 inline-block text-sm font-semibold underline">
            View your orders
          </Link>
        </div>
      )}
    </ShopperPage>
  );
}
