// Where a form may send the shopper next: only a path of this site. Anything else (another host,
// `//host`, a backslash or control character that browsers read as one) becomes `fallback`.
export function safeLocalPath(value: unknown, fallback = '/'): string {
  return typeof value === 'string' && /^\/(?![/\\])[A-Za-z0-9\-._~/?=&%+:@,;!*'()]*$/.test(value) ? value : fallback;
}
