// Privacy Policy (ADR 0029): what the store collects, why, who else handles it, how long it is
// kept, and how a shopper downloads it or has it deleted. It describes what the code does (the
// tables of src/server/db/schema.ts, the purge job, auth/delete-account.ts); a change there is a
// change here. The seller and the grievance officer come from the settings (legal.server.ts).
import type { ReactNode } from 'react';
import { href } from 'react-router';

import { GrievanceSection, SellerDetails } from '../components/legal-details.tsx';
import { TextLink } from '../components/text-link.tsx';
import { PageSection, SectionList, SectionText } from '../components/text-page.tsx';
import { pageMeta } from '../seo.ts';
import type { Route } from './+types/privacy';

export { loader } from './privacy.server.ts';

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, {
    title: 'Privacy Policy',
    description:
      'What Trap the Trend collects when you sign up, check out and review, why, who handles it, how long it is kept, and how to download it or delete your account.',
  });
}

/** One kind of data: what it is, and why the store keeps it. */
function Collected({ what, children }: { what: string; children: ReactNode }) {
  return (
    <li>
      <strong>{what}</strong>: {children}
    </li>
  );
}

export default function Privacy({ loaderData: settings }: Route.ComponentProps) {
  const { storeName, seller, googleSignIn, enquiryRetentionDays } = settings;
  return (
    <article className="mx-auto max-w-3xl px-4 py-12 sm:py-16">
      <h1 className="text-3xl font-black uppercase sm:text-5xl">Privacy Policy</h1>
      <p className="mt-4 text-lg leading-relaxed text-muted">
        What we collect about you, why, who else handles it, how long we keep it, and how to get a copy or have it
        deleted. It goes with our <TextLink to={href('/terms')}>Terms of Use</TextLink>.
      </p>

      <PageSection id="privacy-who" title="Who we are">
        <SectionText>
          {storeName} is run by {seller.legalName}, which decides what personal data this website collects and is
          responsible for it under the Information Technology Act, 2000 and the Digital Personal Data Protection Act,
          2023.
        </SectionText>
        <SellerDetails settings={settings} />
      </PageSection>

      <PageSection id="privacy-collected" title="What we collect, and why">
        <ul className="mt-4 list-disc space-y-3 pl-5 leading-relaxed">
          <Collected what="When you sign up">
            your first and last name, email address, phone number, gender (you may choose &quot;Prefer not to say&quot;)
            and a password. We keep the password only as a one-way hash, which nobody can turn back into the password.
            We email a 6-digit code to check the address is yours; the unfinished signup is deleted once the code
            expires, after 15 minutes.
          </Collected>
          {googleSignIn ? (
            <Collected what="If you sign in with Google">
              your name and email address from Google. Google also gives us sign-in tokens, which we keep encrypted and
              never use.
            </Collected>
          ) : null}
          <Collected what="Your profile and saved addresses">
            the name, phone number and address of each place you have things delivered, so you can choose one at
            checkout.
          </Collected>
          <Collected what="When you check out and pay">
            what you buy, the prices and any coupon, a copy of the delivery address, and the order and payment numbers
            Razorpay gives us. Your card or UPI details go to Razorpay only: we never see or store them.
          </Collected>
          <Collected what="Your orders">
            each order with its delivery address copy, its GST tax invoice and any credit notes, the courier and the
            tracking number of its parcel, and any cancellation or refund. We need these to deliver, to answer your
            questions and because the tax law requires us to keep them.
          </Collected>
          <Collected what="Returns and exchanges">
            the items, the reason and note you give, and the photos you attach, so we can decide and arrange the pickup.
            Photos are re-encoded, which removes their location and camera details, and only you and our staff can see
            them.
          </Collected>
          <Collected what="Reviews">
            your rating, words, photos and the size you bought, shown on the product page with your first name and the
            initial of your last name.
          </Collected>
          <Collected what="Likes and cart">
            the products you like and the items in your cart, to show them to you.
          </Collected>
          <Collected what="Signing in">
            one cookie, which keeps you signed in for 30 days from your last visit (12 hours for staff), and, while you
            enter a two-factor code, a second one for 10 minutes. We record the address and browser of each signed-in
            session. There are no advertising or analytics cookies. Your browser also remembers, on your device only,
            what you were adding to the cart when it asked you to log in.
          </Collected>
          <Collected what="Security">
            your internet address and the email address you type, for at most a day, to limit repeated attempts at
            logging in, signing up, resetting a password and tracking orders. Our server logs never contain email
            addresses or phone numbers.
          </Collected>
          <Collected what="Emails we send">
            signup codes, password reset links and emails about your orders (the confirmation with its invoice, each
            change of status, returns and refunds). We do not send marketing emails.
          </Collected>
          <Collected what="Messages to us">
            the name, email address, phone number and message you send from our contact or bulk order forms, to answer
            you.
          </Collected>
        </ul>
      </PageSection>

      <PageSection id="privacy-processors" title="Who else handles it">
        <SectionList>
          <li>
            <strong>Razorpay</strong> takes your payments and refunds. It receives the amount and the details you type
            into its payment window, under its own privacy policy.
          </li>
          <li>
            <strong>Our email provider</strong> delivers the emails we send you.
          </li>
          {googleSignIn ? (
            <li>
              <strong>Google</strong>, if you choose to sign in with it, tells us who you are.
            </li>
          ) : null}
          <li>
            <strong>Courier partners</strong> get the name, address and phone number on your parcel.
          </li>
          <li>
            <strong>Our hosting providers</strong> run the servers, database and photo storage the store runs on.
          </li>
        </SectionList>
        <SectionText>We do not sell or rent your personal data to anyone.</SectionText>
      </PageSection>

      <PageSection id="privacy-retention" title="How long we keep it">
        <SectionList>
          <li>Your account, profile, addresses, likes, cart and reviews: until you delete your account.</li>
          <li>
            Messages you send us from the contact or bulk order forms, with a logo you attach: {enquiryRetentionDays}{' '}
            days, or until you delete your account if you sent them from its email address.
          </li>
          <li>
            Orders, tax invoices, credit notes, refunds, parcels and return requests, with the delivery address copies
            they hold: 8 years. Section 36 of the Central Goods and Services Tax Act, 2017 requires the seller to keep
            its accounts and records for 72 months from the due date of the annual return of their financial year, which
            for a sale early in a year is almost 8 years later; we keep them 8 years rather than work it out per order.
            They are kept when you delete your account.
          </li>
          <li>
            A payment you start but do not finish: its items are released after 15 minutes, and the attempt is deleted
            30 days later (unless its money had to be refunded, which makes it part of the records above).
          </li>
          <li>Sessions: 30 days after your last visit, or until you log out. Password reset links: 1 hour.</li>
        </SectionList>
      </PageSection>

      <PageSection id="privacy-rights" title="Your data, your choice">
        <SectionList>
          <li>
            <strong>See and correct it</strong>: your <TextLink to={href('/profile')}>Profile</TextLink> shows what you
            gave us, and you can edit it there.
          </li>
          <li>
            <strong>Download it</strong>: &quot;Download my data&quot; on your Profile gives you a file (JSON) with your
            account, profile, addresses, orders with their parcels, returns and invoice numbers, reviews, likes and
            cart.
          </li>
          <li>
            <strong>Delete your account</strong>: &quot;Delete my account&quot; on your Profile. We erase your profile,
            saved addresses, cart, likes, reviews, the photos of your returns and the messages you sent us from your
            account&apos;s email address, and end every session; your name and email are removed from the account,
            nobody can sign in to it again, and you can sign up afresh with the same email later. Your orders, invoices,
            credit notes, refunds and return requests stay for the 8 years above, including the delivery address each
            order was sent to, because they are tax records. You can delete your account once your orders have been
            delivered and any return or exchange is finished.
          </li>
          <li>
            <strong>Anything else</strong>, such as a message you sent us: write to the Grievance Officer below.
          </li>
        </SectionList>
      </PageSection>

      <PageSection id="privacy-security" title="Keeping it safe">
        <SectionText>
          The website is served over HTTPS only. Passwords are hashed, sign-in tokens and authenticator secrets are
          encrypted, and you can turn on two-factor sign-in from your Profile. Only our staff, who sign in with two
          factors, can see orders and returns.
        </SectionText>
      </PageSection>

      <GrievanceSection id="privacy-grievances" title="Questions and complaints" settings={settings} />

      <PageSection id="privacy-changes" title="Changes to this policy">
        <SectionText>
          When we change what we collect or why, we update this page before the change takes effect.
        </SectionText>
      </PageSection>
    </article>
  );
}
