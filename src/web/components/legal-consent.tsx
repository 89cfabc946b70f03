// The note under the login and signup forms, with its two documents as links (ADR 0029).
import { href, Link } from 'react-router';

const LINK = 'font-semibold underline';

export function LegalConsent({ lead }: { lead: string }) {
  return (
    <p className="text-xs text-muted">
      {lead}, you agree to Trap the Trend&apos;s{' '}
      <Link to={href('/terms')} className={LINK}>
        Terms of Use
      </Link>{' '}
      and{' '}
      <Link to={href('/privacy')} className={LINK}>
        Privacy Policy
      </Link>
      .
    </p>
  );
}
