// Reads a JSON request body for an action; a missing or malformed body is `undefined`, which the
// services' schemas then refuse with a 400 and a clear message.
export async function readJson(request: Request): Promise<Record<string, unknown> | undefined> {
  try {
    const body: unknown = await request.json();
    return body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}
