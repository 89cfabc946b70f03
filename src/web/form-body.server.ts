// Reads a form action's fields. `request.formData()` throws on a body that is not a form (JSON,
// none, a multipart body without its boundary or cut short), which would answer 500; such a body
// reads as no fields instead, and the action's own checks refuse it with a clear message.
export async function readForm(request: Request): Promise<FormData> {
  try {
    return await request.formData();
  } catch {
    return new FormData();
  }
}
