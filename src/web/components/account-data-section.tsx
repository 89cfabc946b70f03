// The profile's "Your data" (ADR 0029): download a copy of it, or delete the account. The
// download is a plain link to a file, so it works before the scripts load.
import { href, Link } from 'react-router';

import { SECONDARY_BUTTON } from './buttons.ts';
import { HeadedSection } from './headed-section.tsx';

export function AccountDataSection() {
  return (
    <HeadedSection id="your-data" title="Your data" className="rounded-lg border border-black/10 bg-white p-6">
      <p className="mt-2 text-sm text-muted">
        A copy of everything we keep about you, or your account deleted, as our{' '}
        <Link to={href('/privacy')} className="font-semibold underline">
          Privacy Policy
        </Link>{' '}
        explains.
      </p>
      <div className="mt-4 flex flex-col gap-3 sm:flex-row">
        <a href={href('/profile/data')} download className={`${SECONDARY_BUTTON} text-center`}>
          Download my data
        </a>
        <Link to={href('/profile/delete')} className={`${SECONDARY_BUTTON} text-center`}>
          Delete my account
        </Link>
      </div>
    </HeadedSection>
  );
}
