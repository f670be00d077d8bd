/**
 * Request bodies read under a byte limit. The limit counts the bytes actually read from the
 * stream, never the Content-Length header: a chunked request has none, and a header may say
 * anything. A body that would pass the limit is cancelled at that point (not read to its end),
 * and the caller answers 413. A declared length over the limit is refused before reading, as a
 * shortcut only. Used by every handler that reads a body with a size limit: the JSON calls
 * (app/lib/api.server.ts), the REST API, the bulk upload and the profile photo.
 */

/** The body's bytes, or null when it has more than `limit` bytes (the rest is not read). */
export async function readBodyWithin(request: Request, limit: number): Promise<Uint8Array | null> {
  if (!request.body || request.bodyUsed) return new Uint8Array(0);
  const declared = Number(request.headers.get("content-length") ?? Number.NaN);
  if (declared > limit) {
    await request.body.cancel().catch(() => {});
    return null;
  }
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => {});
      return null;
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

export type FormWithin = { ok: true; form: FormData } | { ok: false; reason: "too-large" | "malformed" };

/** The body as a form (multipart or urlencoded), read under `limit` bytes. */
export async function formDataWithin(request: Request, limit: number): Promise<FormWithin> {
  const bytes = await readBodyWithin(request, limit);
  if (bytes === null) return { ok: false, reason: "too-large" };
  try {
    const form = await new Response(bytes as Uint8Array<ArrayBuffer>, {
      headers: { "content-type": request.headers.get("content-type") ?? "" },
    }).formData();
    return { ok: true, form };
  } catch {
    return { ok: false, reason: "malformed" };
  }
}
