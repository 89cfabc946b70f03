import type { ReactNode } from 'react';
import { Link, type To } from 'react-router';

const TEXT_LINK_CLASS =
  'font-semibold text-brand-dark underline underline-offset-2 hover:text-ink focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-dark';

type TextLinkProps =
  /** A page of the store, through the router. */
  | { to: To; href?: never; newTab?: never; children: ReactNode }
  /** Any other address (another site, mailto:); `newTab` opens it in a new tab without an opener. */
  | { href: string; to?: never; newTab?: boolean; children: ReactNode };

/** An underlined link inside running text. */
export function TextLink(props: TextLinkProps) {
  if (props.to !== undefined) {
    return (
      <Link to={props.to} className={TEXT_LINK_CLASS}>
        {props.children}
      </Link>
    );
  }
  const newTabProps = props.newTab ? { target: '_blank', rel: 'noopener noreferrer' } : {};
  return (
    <a href={props.href} {...newTabProps} className={TEXT_LINK_CLASS}>
      {props.children}
    </a>
  );
}
