// The answer to a contact message or a bulk order request that was taken: its reference number,
// and where the confirmation went. It takes the form's place and gets the focus, so a screen
// reader reads it out.
import { useEffect, useRef } from 'react';
import { href, Link } from 'react-router';

export function EnquirySent({ title, reference, email }: { title: string; reference: string; email: string }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <section aria-labelledby="enquiry-sent-title" className="mt-8 rounded-lg border-2 border-ink bg-white p-6">
      <h2 id="enquiry-sent-title" ref={heading} tabIndex={-1} className="text-xl font-bold focus:outline-none">
        {title}
      </h2>
      <p className="mt-3">
        Your reference number is <strong className="font-mono text-lg tracking-wider">{reference}</strong>. Please quote
        it if you write to us again.
      </p>
      <p className="mt-2 text-muted">{`We have emailed a confirmation to ${email}.`}</p>
      <p className="mt-4">
        <Link to={href('/products')} className="font-semibold underline">
          Continue shopping
        </Link>
      </p>
    </section>
  );
}
