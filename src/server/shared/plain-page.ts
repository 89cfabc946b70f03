// The plain HTML pages the store serves outside the web app (the mail outbox, the Shiprocket
// sandbox): semantic markup without scripts or styles, so the app's Content-Security-Policy never
// gets in the way, and every value escaped.

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char] ?? char);
}

/** A whole page: `title` (escaped here) and `mainHtml` (already escaped by the caller). */
export function plainPage(title: string, mainHtml: string): string {
  return `<!doctype html>
<html lang="en-IN">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
</head>
<body>
<main>
${mainHtml}
</main>
</body>
</html>
`;
}
