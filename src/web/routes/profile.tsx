import { zodResolver } from '@hookform/resolvers/zod';
import { Suspense, useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Await, Form, href, Link, useFetcher } from 'react-router';
import type { z } from 'zod';

import { INDIAN_STATES } from '../../common/india.ts';
import { formatPaise } from '../../common/money.ts';
import { FIX_ERRORS_MESSAGE, ProfileSchema } from '../../common/validation.ts';
import type { Profile } from '../../server/db/schema.ts';
import { AccountDataSection } from '../components/account-data-section.tsx';
import { formFields, PHONE_INPUT, PINCODE_INPUT } from '../components/field-props.ts';
import { FormMessage, SelectField, TextField } from '../components/form-field.tsx';
import { PRIMARY_BUTTON, SECONDARY_BUTTON } from '../components/buttons.ts';
import { StoreCreditHistory } from '../components/store-credit-history.tsx';
import { useCheckedSubmit } from '../hooks/use-checked-submit.ts';
import { withQuery } from '../paths.ts';
import { pageMeta } from '../seo.ts';
import type { Route } from './+types/profile';
import type { action } from './profile.server.ts';
import { HeadedSection } from '../components/headed-section.tsx';

export { action, loader } from './profile.server.ts';

/** docs/product.md §9: the status message goes after 3 s. */
export const PROFILE_MESSAGE_MS = 3000;

const GENDER_LABELS: Record<string, string> = {
  male: 'Male',
  female: 'Female',
  'prefer-not-to-say': 'Prefer not to say',
};
const GENDER_OPTIONS = [
  { value: '', label: 'Not specified' },
  ...Object.entries(GENDER_LABELS).map(([value, label]) => ({ value, label })),
];

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, { title: 'My Profile', description: 'Your Trap the Trend profile.', noIndex: true });
}

export default function ProfilePage({ loaderData }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-2xl px-4 py-12">
      <h1 className="text-3xl font-black uppercase">My Profile</h1>
      <Suspense fallback={<p className="mt-8">Loading profile...</p>}>
        <Await resolve={loaderData.profile}>
          {(profile) =>
            profile ? (
              <ProfileView profile={profile} twoFactorEnabled={loaderData.twoFactorEnabled} />
            ) : (
              <p className="mt-8">Profile not found.</p>
            )
          }
        </Await>
      </Suspense>
      <StoreCreditSection credit={loaderData.storeCredit} />
    </div>
  );
}

type StoreCredit = Route.ComponentProps['loaderData']['storeCredit'];

function ProfileView({ profile, twoFactorEnabled }: { profile: Profile; twoFactorEnabled: boolean }) {
  const [editing, setEditing] = useState(false);
  const fetcher = useFetcher<typeof action>();
  const [message, setMessage] = useState<{ text: string; tone: 'success' | 'error' }>();

  const [shownResult, setShownResult] = useState(fetcher.data);
  // A new answer from the server: show its message; a save returns to the display.
  if (fetcher.state === 'idle' && fetcher.data && fetcher.data !== shownResult) {
    setShownResult(fetcher.data);
    setMessage({ text: fetcher.data.message, tone: fetcher.data.ok ? 'success' : 'error' });
    if (fetcher.data.ok) setEditing(false);
  }
  useEffect(() => {
    if (!message) return;
    const timer = setTimeout(() => setMessage(undefined), PROFILE_MESSAGE_MS);
    return () => clearTimeout(timer);
  }, [message]);

  return (
    <div className="mt-8 space-y-6">
      <FormMessage message={message} />
      {editing ? (
        <ProfileForm
          profile={profile}
          fetcher={fetcher}
          onCancel={() => setEditing(false)}
          onBlocked={() => setMessage({ text: FIX_ERRORS_MESSAGE, tone: 'error' })}
        />
      ) : (
        <>
          <dl className="grid gap-x-6 gap-y-4 rounded-lg border border-black/10 bg-white p-6 sm:grid-cols-[10rem_1fr]">
            <Row label="Name" value={`${profile.firstName} ${profile.lastName}`.trim()} />
            <Row label="Email" value={profile.email} />
            <Row label="Phone" value={profile.phone} />
            <Row label="Gender" value={profile.gender ? GENDER_LABELS[profile.gender] : undefined} />
            <Row label="Address" value={profileAddressLine(profile)} />
            <dt className="font-semibold">Two-factor sign-in</dt>
            <dd>
              <Link to={href('/profile/two-factor')} className="font-semibold underline">
                {twoFactorEnabled ? 'On: manage two-factor sign-in' : 'Off: set up two-factor sign-in'}
              </Link>
            </dd>
          </dl>
          <div className="flex flex-col gap-3 sm:flex-row">
            <button type="button" className={PRIMARY_BUTTON} onClick={() => setEditing(true)}>
              Edit Profile
            </button>
            <Form method="post" action={href('/logout')} className="w-full">
              <input type="hidden" name="redirectTo" value={href('/login')} />
              <button type="submit" className={SECONDARY_BUTTON}>
                Logout
              </button>
            </Form>
          </div>
          <AccountDataSection />
        </>
      )}
    </div>
  );
}

/**
 * The shopper's store credit (ADR 0048): the balance and its history, paged. Nothing for a shopper
 * who never had any; a balance spent to zero still shows, with the history that explains it.
 */
function StoreCreditSection({ credit }: { credit: StoreCredit }) {
  if (credit.total === 0) return null;
  return (
    <HeadedSection
      id="store-credit"
      title="Store credit"
      className="mt-6 rounded-lg border border-black/10 bg-white p-6"
    >
      <p className="mt-2">
        Your balance: <strong>{formatPaise(credit.balancePaise)}</strong>
      </p>
      <StoreCreditHistory
        entries={credit.entries}
        page={credit.page}
        pages={credit.pages}
        pageLink={(page) => withQuery(href('/profile'), page > 1 ? { credit: String(page) } : {})}
      />
    </HeadedSection>
  );
}

function Row({ label, value }: { label: string; value: string | null | undefined }) {
  return (
    <>
      <dt className="font-semibold">{label}</dt>
      <dd className="text-muted">{value || 'Not provided'}</dd>
    </>
  );
}

/** The parts of the profile's address it has, in order. */
function profileAddressLine(profile: Profile): string {
  return [profile.addressHouse, profile.addressLine, profile.addressCity, profile.addressState, profile.addressPin]
    .filter(Boolean)
    .join(', ');
}

type ProfileFields = z.input<typeof ProfileSchema>;

/** The states to choose from; a state saved before the list was enforced stays shown, to be corrected. */
function stateOptions(saved: string | null) {
  const states: readonly string[] = INDIAN_STATES;
  return [
    { value: '', label: 'Not specified' },
    ...(saved && !states.includes(saved) ? [saved] : [])
      .concat(states)
      .map((state) => ({ value: state, label: state })),
  ];
}

function ProfileForm({
  profile,
  fetcher,
  onCancel,
  onBlocked,
}: {
  profile: Profile;
  fetcher: ReturnType<typeof useFetcher<typeof action>>;
  onCancel: () => void;
  onBlocked: () => void;
}) {
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<ProfileFields>({
    resolver: zodResolver(ProfileSchema),
    mode: 'onTouched',
    defaultValues: {
      firstName: profile.firstName,
      lastName: profile.lastName,
      phone: profile.phone ?? '',
      gender: (profile.gender ?? '') as ProfileFields['gender'],
      addressHouse: profile.addressHouse ?? '',
      addressLine: profile.addressLine ?? '',
      addressCity: profile.addressCity ?? '',
      addressState: profile.addressState ?? '',
      addressPin: profile.addressPin ?? '',
    },
  });
  const { onSubmit } = useCheckedSubmit(handleSubmit, fetcher, onBlocked);
  const serverErrors = fetcher.data && !fetcher.data.ok ? (fetcher.data.fieldErrors ?? {}) : {};
  const field = formFields(register, errors, serverErrors);
  return (
    <fetcher.Form
      method="post"
      noValidate
      className="space-y-4 rounded-lg border border-black/10 bg-white p-6"
      onSubmit={onSubmit}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="First name" autoComplete="given-name" {...field('firstName')} />
        <TextField label="Last name" autoComplete="family-name" {...field('lastName')} />
      </div>
      <TextField label="Email" type="email" value={profile.email} readOnly />
      <TextField label="Phone" {...PHONE_INPUT} {...field('phone')} />
      <SelectField label="Gender" options={GENDER_OPTIONS} {...field('gender')} />
      <TextField label="House" autoComplete="address-line1" {...field('addressHouse')} />
      <TextField label="Address line" autoComplete="address-line2" {...field('addressLine')} />
      <div className="grid gap-4 sm:grid-cols-3">
        <TextField label="City" autoComplete="address-level2" {...field('addressCity')} />
        <SelectField
          label="State"
          autoComplete="address-level1"
          options={stateOptions(profile.addressState)}
          {...field('addressState')}
        />
        <TextField label="Pin code" {...PINCODE_INPUT} {...field('addressPin')} />
      </div>
      <div className="flex flex-col gap-3 sm:flex-row">
        <button type="submit" className={PRIMARY_BUTTON} disabled={fetcher.state !== 'idle'}>
          {fetcher.state !== 'idle' ? 'Saving...' : 'Save Changes'}
        </button>
        <button type="button" className={SECONDARY_BUTTON} onClick={onCancel}>
          Cancel
        </button>
      </div>
    </fetcher.Form>
  );
}
