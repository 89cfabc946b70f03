import { href, Link } from 'react-router';

import type { StoreSettings } from '../../server/config.ts';
import { PaymentBadge } from './brand-icons.tsx';
import { Icon } from './icon.tsx';

const FOOTER_LINKS = [
  { to: href('/products'), label: 'Shop' },
  { to: href('/about'), label: 'About Us' },
  { to: href('/shipping'), label: 'Shipping Policy' },
  { to: href('/faq'), label: 'FAQ' },
  { to: href('/track-order'), label: 'Track Order' },
  { to: href('/terms'), label: 'Terms of Use' },
  { to: href('/privacy'), label: 'Privacy Policy' },
] as const;

const PAYMENT_METHODS: { label: string; colors: [string, string] }[] = [
  { label: 'VISA', colors: ['#1a1f71', '#ffffff'] },
  { label: 'Mastercard', colors: ['#252525', '#ffb600'] },
  { label: 'RuPay', colors: ['#ffffff', '#0b3d91'] },
  { label: 'UPI', colors: ['#ffffff', '#097939'] },
];

export function SocialLinks({ social, className = '' }: { social: StoreSettings['social']; className?: string }) {
  const links = [
    { href: social.instagram, label: 'Instagram', icon: 'instagram' },
    { href: social.facebook, label: 'Facebook', icon: 'facebook' },
    { href: social.x, label: 'X (Twitter)', icon: 'x-twitter' },
    { href: social.whatsapp, label: 'WhatsApp', icon: 'whatsapp' },
  ] as const;
  return (
    <ul className={`flex gap-3 ${className}`}>
      {links.map(({ href, label, icon }) => (
        <li key={label}>
          <a
            href={href}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={label}
            className="flex h-10 w-10 items-center justify-center rounded-full border border-white/30 hover:bg-white/10"
          >
            <Icon name={icon} size={18} />
          </a>
        </li>
      ))}
    </ul>
  );
}

export function SiteFooter({ store, year }: { store: StoreSettings; year: number }) {
  return (
    <footer className="mt-16 bg-ink text-white">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:grid-cols-2 lg:grid-cols-4">
        <div>
          <p className="text-xl font-black uppercase">
            Trap <span className="text-brand">the</span> Trend
          </p>
          <p className="mt-3 text-sm text-white/80">
            Youth-first streetwear, made in India. Bulk and custom orders welcome.
          </p>
          <SocialLinks social={store.social} className="mt-5" />
        </div>
        <nav aria-label="Footer">
          <h2 className="text-sm font-bold tracking-wider uppercase">Explore</h2>
          <ul className="mt-4 space-y-1 text-sm">
            {FOOTER_LINKS.map((link) => (
              <li key={link.to}>
                <Link to={link.to} className="inline-block py-1.5 text-white/85 hover:text-white">
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div>
          <h2 className="text-sm font-bold tracking-wider uppercase">Contact</h2>
          <ul className="mt-4 space-y-1 text-sm">
            <li>
              <a href={`mailto:${store.email}`} className="inline-block py-1.5 text-white/85 hover:text-white">
                {store.email}
              </a>
            </li>
            <li>
              <a
                href={`tel:${store.phone.replace(/\s/g, '')}`}
                className="inline-block py-1.5 text-white/85 hover:text-white"
              >
                {store.phone}
              </a>
            </li>
          </ul>
        </div>
        <div>
          <h2 className="text-sm font-bold tracking-wider uppercase">We accept</h2>
          <ul className="mt-4 flex flex-wrap gap-2" aria-label="Payment methods">
            {PAYMENT_METHODS.map((method) => (
              <li key={method.label}>
                <PaymentBadge label={method.label} colors={method.colors} />
              </li>
            ))}
          </ul>
        </div>
      </div>
      <p className="border-t border-white/15 py-4 text-center text-xs text-white/70">
        © {year} {store.name}. All prices in INR.
      </p>
    </footer>
  );
}
