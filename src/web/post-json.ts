// The browser side of the JSON actions (/api/cart, /api/likes): the server's answer, or a
// message when the request itself failed.
export type Answer<T extends object = object> = ({ ok: true } & T) | { ok: false; message: string };

export async function postJson<T extends object = object>(url: string, body: unknown): Promise<Answer<T>> {
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify(body),
    });
    return (await response.json()) as Answer<T>;
  } catch {
    return { ok: false, message: 'Network error. Please check your connection and try again.' };
  }
}
