// One way to write a page's title and description (the title template of the root layout).
import type { MetaDescriptor } from 'react-router';

export const STORE_NAME = 'Trap the Trend';

export function pageMeta({ title, description }: { title?: string; description: string }): MetaDescriptor[] {
  return [
    { title: title ? `${title} | ${STORE_NAME}` : `${STORE_NAME} | Streetwear for the youth of India` },
    { name: 'description', content: description },
  ];
}
