// A request body, read with a size limit counted as it arrives (a sender may omit or understate
// Content-Length), before anything parses it.

/** Why a body was refused: its message is the 400 answer's. */
export class BodyProblem extends Error {}

/** More bytes than the limit: the caller answers 413 or 400, as its API says. */
export class BodyTooLarge extends BodyProblem {
  constructor() {
    super('Request body too large')
  }
}

/** The body as UTF-8 text; throws BodyTooLarge past `maxBytes` without reading the rest. */
export async function readLimitedText(req: Request, maxBytes: number): Promise<string> {
  if (Number(req.headers.get('content-length') ?? '0') > maxBytes) throw new BodyTooLarge()
  if (!req.body) return ''
  const reader = req.body.getReader()
  const chunks: Uint8Array[] = []
  let size = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    size += value.byteLength
    if (size > maxBytes) {
      await reader.cancel()
      throw new BodyTooLarge()
    }
    chunks.push(value)
  }
  const bytes = new Uint8Array(size)
  let offset = 0
  for (const chunk of chunks) {
    bytes.set(chunk, offset)
    offset += chunk.byteLength
  }
  return new TextDecoder().decode(bytes)
}

/** The parsed body; `empty` stands for a body with nothing in it (undefined: that is not JSON). */
export async function readJsonBody(req: Request, maxBytes: number, { empty }: { empty?: unknown } = {}): Promise<unknown> {
  const text = await readLimitedText(req, maxBytes)
  if (empty !== undefined && text.trim() === '') return empty
  try {
    return JSON.parse(text)
  } catch {
    throw new BodyProblem('Request body must be JSON')
  }
}
