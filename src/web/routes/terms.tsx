// Terms of Use (ADR 0029): who sells, prices, payments, delivery, cancellation, returns and
// exchanges, reviews, the law and the grievance officer. Every name, number and period that can
// change is a setting (legal.server.ts), so the page says what the store actually does.
import { href } from 'react-router';

import { GrievanceSection, SellerDetails } from '../components/legal-details.tsx';
import { TextLink } from '../components/text-link.tsx';
import { PageSection, SectionList, SectionText } from '../components/text-page.tsx';
import { pageMeta } from '../seo.ts';
import type { Route } from './+types/terms';

export { loader } from './terms.server.ts';

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, {
    title: 'Terms of Use',
    description:
      'The terms of buying from Trap the Trend: prices in rupees including GST, payments through Razorpay, delivery across India, cancellations, returns and exchanges, and how to raise a grievance.',
  });
}

export default function Terms({ loaderData: settings }: Route.ComponentProps) {
  const { storeName, seller, returnWindowDays } = settings;
  return (
    <article className="mx-auto max-w-3xl px-4 py-12 sm:py-16">
      <h1 className="text-3xl font-black uppercase sm:text-5xl">Terms of Use</h1>
      <p className="mt-4 text-lg leading-relaxed text-muted">
        These terms apply when you use this website and when you buy from it. By creating an account or placing an order
        you accept them. Please also read our <TextLink to={href('/privacy')}>Privacy Policy</TextLink>.
      </p>

      <PageSection id="terms-seller" title="Who sells to you">
        <SectionText>
          {storeName} is run by {seller.legalName}, the seller of every product on this website. We sell our own stock:
          there are no other sellers here.
        </SectionText>
        <SellerDetails settings={settings} />
      </PageSection>

      <PageSection id="terms-account" title="Your account">
        <SectionList>
          <li>
            You need an account to keep a cart, like products and buy. Give your real name, an email address you read
            and a phone number a courier can call.
          </li>
          <li>
            Keep your password to yourself. You can add a second step at login, a code from an authenticator app, from
            your <TextLink to={href('/profile')}>Profile</TextLink>.
          </li>
          <li>
            You can download your data or delete your account from your Profile at any time, as the Privacy Policy
            explains.
          </li>
        </SectionList>
      </PageSection>

      <PageSection id="terms-prices" title="Prices and GST">
        <SectionList>
          <li>
            Prices are in Indian rupees (₹) and include GST. What you pay is the total shown before you pay, after any
            coupon; there is no charge added later.
          </li>
          <li>
            Every order comes with a GST tax invoice from {seller.legalName} (GSTIN {seller.gstin}), which you can
            download from Your Orders. A refund comes with a credit note.
          </li>
          <li>
            A coupon works under the conditions shown with it (a minimum order, a maximum discount, dates and a number
            of uses) and cannot be exchanged for cash.
          </li>
        </SectionList>
      </PageSection>

      <PageSection id="terms-payments" title="Payments">
        <SectionList>
          <li>
            You pay by card or UPI through Razorpay, a payment gateway licensed in India. Your card or UPI details go to
            Razorpay only: we never see or keep them.
          </li>
          <li>
            Your order is placed once Razorpay confirms the payment. The items are held for you for 15 minutes while you
            pay. If the last units sold out before your payment arrived, the whole payment is refunded to you
            automatically.
          </li>
        </SectionList>
      </PageSection>

      <PageSection id="terms-delivery" title="Delivery">
        <SectionList>
          <li>
            We deliver across India. Each product page shows the usual delivery time; read our{' '}
            <TextLink to={href('/shipping')}>Shipping Policy</TextLink> for more.
          </li>
          <li>
            When your order ships we email you the courier and a tracking link. You can follow it on Your Orders, or on{' '}
            <TextLink to={href('/track-order')}>Track Order</TextLink> with the order number and your email.
          </li>
        </SectionList>
      </PageSection>

      <PageSection id="terms-cancellation" title="Cancelling an order">
        <SectionText>
          Until your order ships, you can cancel it from Your Orders. There is no cancellation charge: the whole payment
          goes back to the card or UPI account you paid with, and a credit note is issued. Once it has shipped, you can
          return it after delivery instead.
        </SectionText>
      </PageSection>

      <PageSection id="terms-returns" title="Returns and exchanges">
        <SectionList>
          <li>
            For {returnWindowDays} days after delivery you can ask, from Your Orders, to return items or exchange them
            for another size, with a reason and up to 3 photos.
          </li>
          <li>
            We approve or decline every request with a message to you, and collect approved items from your address. An
            exchange&apos;s new size is set aside for you the moment you ask.
          </li>
          <li>
            A return is refunded to the card or UPI account you paid with, for what those items cost you after any
            coupon, with a credit note. An exchange is shipped to you with its own tracking link.
          </li>
        </SectionList>
      </PageSection>

      <PageSection id="terms-reviews" title="Reviews">
        <SectionText>
          Only a customer who received a product can review it, once. Reviews are shown with your first name and the
          initial of your last name. We may hide a review that is abusive, off-topic or shares someone&apos;s personal
          details, and we say why.
        </SectionText>
      </PageSection>

      <PageSection id="terms-law" title="The law that applies">
        <SectionText>
          These terms are governed by the laws of India. Nothing in them takes away your rights under the Consumer
          Protection Act, 2019, including your right to complain to the Consumer Commission where you live.
        </SectionText>
      </PageSection>

      <GrievanceSection id="terms-grievances" title="Complaints and the Grievance Officer" settings={settings} />

      <PageSection id="terms-changes" title="Changes to these terms">
        <SectionText>
          We may update these terms; the version on this page is the one in force. An order is governed by the terms
          that applied when you placed it.
        </SectionText>
      </PageSection>
    </article>
  );
}
