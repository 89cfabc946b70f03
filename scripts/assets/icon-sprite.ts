// The icon sprite (src/web/icons.svg): one <symbol> per icon of src/web/icon-names.ts, Lucide's
// drawn from lucide-react's own icon data, the brand marks from the drawings below. Run by
// generate-assets.ts; a unit test (components/icon.test.ts) fails when the committed file differs.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';

import { BRAND_ICONS, LUCIDE_ICONS } from '../../src/web/icon-names.ts';
import { ROOT } from './output.ts';

export const ICON_SPRITE = join(ROOT, 'src/web/icons.svg');

type IconNode = [tag: string, attributes: Record<string, string | number>][];

/** The brand marks (not in Lucide): filled shapes, except Instagram's outline. */
const BRAND_DRAWINGS: Record<(typeof BRAND_ICONS)[number], string> = {
  instagram:
    '<rect x="3" y="3" width="18" height="18" rx="5"/><circle cx="12" cy="12" r="4"/>' +
    '<circle cx="17.5" cy="6.5" r="1" fill="currentColor"/>',
  facebook:
    '<path fill="currentColor" stroke="none" d="M14 8h3V4h-3c-2.8 0-4.5 1.8-4.5 4.6V11H7v4h2.5v7h4v-7h3l.5-4h-3.5V8.8c0-.5.3-.8.5-.8Z"/>',
  'x-twitter':
    '<path fill="currentColor" stroke="none" d="M17.8 3h3.1l-6.8 7.8L22 21h-6.2l-4.9-6.4L5.3 21H2.2l7.3-8.3L2 3h6.4l4.4 5.8L17.8 3Zm-1.1 16.2h1.7L7.4 4.7H5.6l11.1 14.5Z"/>',
  whatsapp:
    '<path fill="currentColor" stroke="none" d="M12 2a10 10 0 0 0-8.6 15.1L2 22l5-1.3A10 10 0 1 0 12 2Zm0 18.2a8.2 8.2 0 0 1-4.2-1.2l-.3-.2-3 .8.8-2.9-.2-.3A8.2 8.2 0 1 1 12 20.2Zm4.5-6.1c-.2-.1-1.5-.7-1.7-.8-.2-.1-.4-.1-.6.1l-.8 1c-.1.2-.3.2-.5.1a6.7 6.7 0 0 1-3.3-2.9c-.3-.4.2-.4.7-1.4.1-.2 0-.3 0-.4l-.8-1.8c-.2-.5-.4-.4-.6-.4h-.5a1 1 0 0 0-.7.3 3 3 0 0 0-.9 2.2 5.2 5.2 0 0 0 1.1 2.8 11.9 11.9 0 0 0 4.6 4c1.7.7 2.4.8 3.2.6.5-.1 1.5-.6 1.7-1.2.2-.6.2-1.1.2-1.2-.1-.1-.2-.2-.4-.3Z"/>',
};

function element([tag, attributes]: IconNode[number]): string {
  const attrs = Object.entries(attributes)
    .filter(([name]) => name !== 'key')
    .map(([name, value]) => ` ${name}="${value}"`)
    .join('');
  return `<${tag}${attrs}/>`;
}

export async function renderIconSprite(): Promise<string> {
  const symbols: string[] = [];
  for (const name of LUCIDE_ICONS) {
    const { __iconData } = (await import(`lucide-react/icons/${name}`)) as { __iconData: { node: IconNode } };
    symbols.push(`<symbol id="${name}" viewBox="0 0 24 24">${__iconData.node.map(element).join('')}</symbol>`);
  }
  for (const name of BRAND_ICONS) {
    symbols.push(`<symbol id="${name}" viewBox="0 0 24 24">${BRAND_DRAWINGS[name]}</symbol>`);
  }
  return `<svg xmlns="http://www.w3.org/2000/svg">\n${symbols.join('\n')}\n</svg>\n`;
}

export async function writeIconSprite(): Promise<void> {
  writeFileSync(ICON_SPRITE, await renderIconSprite());
}
