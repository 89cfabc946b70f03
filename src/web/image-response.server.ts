// The answer of the routes that serve a stored WebP image (review and return photos, enquiry
// logos): the image, kept for an hour and never sniffed as anything else, or 404 when there is none.

/** `cache` is 'public' only for an image anyone may see, which shared caches may then keep too. */
export function webpResponse(image: { body: ReadableStream<Uint8Array> } | undefined, cache: 'public' | 'private') {
  if (!image) return new Response('Not Found', { status: 404 });
  return new Response(image.body, {
    headers: {
      'Content-Type': 'image/webp',
      'Cache-Control': `${cache}, max-age=3600`,
      'X-Content-Type-Options': 'nosniff',
    },
  });
}
