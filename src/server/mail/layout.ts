// The pieces every mail is built from: the branded HTML page, its paragraphs and order table, the
// plain-text page, and the check on links. The HTML is React elements rendered to static markup,
// so every value put into it is escaped by React; mail clients drop <style> elements, so it is
// styled inline.
//
// Why `createElement` (as `h`) and not JSX: these modules are imported by src/server/auth/auth.ts,
// which the production server loads unbundled (`node scripts/start.ts` -> src/server/main.ts ->
// boot.ts), and Node's type stripping runs .ts files only: it refuses .tsx with
// ERR_UNKNOWN_FILE_EXTENSION. Only the route modules go through the React Router (Vite) build.
import { createElement as h, type CSSProperties, type ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';

import { formatPaise } from '../../common/money.ts';

export interface MailContent {
  subject: string;
  text: string;
  html: string;
}

/** A link target must be a web address: anything else (javascript:, data:) is a bug upstream. */
export function webUrl(value: string): string {
  const protocol = new URL(value).protocol;
  if (protocol !== 'https:' && protocol !== 'http:') throw new Error(`not a web address: ${value}`);
  return value;
}

const INK = '#111111';
const MUTED = '#555555';

/**
 * The branded page around a mail's body. (`children` is optional in these props because `h` passes
 * children as arguments, which TypeScript does not count as props.)
 */
export function MailLayout({ storeName, title, children }: { storeName: string; title: string; children?: ReactNode }) {
  return h(
    'html',
    { lang: 'en-IN' },
    h(
      'head',
      null,
      h('meta', { charSet: 'utf-8' }),
      h('meta', { name: 'viewport', content: 'width=device-width, initial-scale=1' }),
      h('meta', { name: 'color-scheme', content: 'light' }),
      h('title', null, title),
    ),
    h(
      'body',
      {
        style: {
          margin: '0',
          padding: '0',
          background: '#f2f2f2',
          color: INK,
          fontFamily: 'Helvetica,Arial,sans-serif',
        },
      },
      h(
        PresentationTable,
        { style: { background: '#f2f2f2' } },
        h(
          'tr',
          null,
          h(
            'td',
            { align: 'center', style: { padding: '24px 12px' } },
            h(
              PresentationTable,
              { style: { maxWidth: '560px', background: '#ffffff', border: `2px solid ${INK}` } },
              h(
                'tr',
                null,
                h(
                  'td',
                  {
                    style: {
                      background: INK,
                      color: '#ffffff',
                      padding: '20px 24px',
                      fontSize: '20px',
                      fontWeight: 'bold',
                      letterSpacing: '3px',
                      textTransform: 'uppercase',
                    },
                  },
                  storeName,
                ),
              ),
              h(
                'tr',
                null,
                h(
                  'td',
                  { style: { padding: '28px 24px', fontSize: '16px', lineHeight: '1.5', color: INK } },
                  h('h1', { style: { margin: '0 0 16px', fontSize: '22px' } }, title),
                  children,
                ),
              ),
              h(
                'tr',
                null,
                h(
                  'td',
                  { style: { borderTop: `1px solid ${INK}`, padding: '16px 24px', fontSize: '13px', color: MUTED } },
                  `Sent automatically by ${storeName}.`,
                ),
              ),
            ),
          ),
        ),
      ),
    ),
  );
}

/** A full-width layout table, as mail clients lay out with tables rather than CSS. */
function PresentationTable({ style, children }: { style: CSSProperties; children?: ReactNode }) {
  return h(
    'table',
    { role: 'presentation', width: '100%', cellPadding: '0', cellSpacing: '0', style },
    h('tbody', null, children),
  );
}

/** A link drawn as the store's black button. */
export const BUTTON_STYLE = {
  display: 'inline-block',
  padding: '12px 24px',
  background: '#111111',
  color: '#ffffff',
  fontWeight: 'bold',
  textDecoration: 'none',
  textTransform: 'uppercase',
  letterSpacing: '1px',
} as const;

export function Paragraph({ style, children }: { style?: CSSProperties; children?: ReactNode }) {
  return h('p', { style: { margin: '0 0 16px', ...style } }, children);
}

/** Lines given one after another in a paragraph, each on its own line. */
export function Lines({ lines }: { lines: readonly string[] }) {
  return h(
    Paragraph,
    null,
    lines.flatMap((line, index) => (index === 0 ? [line] : [h('br', { key: index }), line])),
  );
}

export interface MailItem {
  name: string;
  size: string;
  quantity: number;
  pricePaise: number;
}

/** An item as one line of the text part: name, size, quantity and the line's amount. */
export function itemLine(item: MailItem): string {
  return `${item.name} | Size: ${item.size} | Qty: ${item.quantity} | ${formatPaise(item.pricePaise * item.quantity)}`;
}

/** The items of an order as a table: name over size and quantity, the line's amount on the right. */
export function ItemsTable({ items }: { items: readonly MailItem[] }) {
  const cell = { padding: '6px 0', borderBottom: '1px solid #dddddd' };
  return h(
    PresentationTable,
    { style: { margin: '0 0 16px', borderCollapse: 'collapse' } },
    items.map((item, index) =>
      h(
        'tr',
        { key: index },
        h(
          'td',
          { style: cell },
          item.name,
          h('br'),
          h('span', { style: { color: MUTED, fontSize: '14px' } }, `Size: ${item.size} | Qty: ${item.quantity}`),
        ),
        h('td', { align: 'right', style: cell }, formatPaise(item.pricePaise * item.quantity)),
      ),
    ),
  );
}

/** The HTML part: the page rendered by React (which escapes every value) after the doctype. */
export function renderHtml(page: ReactNode): string {
  return `<!doctype html>\n${renderToStaticMarkup(page)}\n`;
}

/** The text part: the same words as the HTML part, under the store's name. */
export function textLayout(storeName: string, title: string, paragraphs: string[]): string {
  const header = storeName.toUpperCase();
  const body = paragraphs.flatMap((p) => [p, '']);
  return [
    header,
    '='.repeat(header.length),
    '',
    title,
    '',
    ...body,
    '--',
    `Sent automatically by ${storeName}.`,
    '',
  ].join('\n');
}
