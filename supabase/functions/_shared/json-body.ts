// A function's JSON request body, read with a size limit before it is parsed.

/** Why a body was refused: its message is the 400 answer's. */
export class BodyProblem extends Error {}

/** The parsed body; `empty` stands for a body with nothing in it (undefined: that is not JSON). */
export async function readJsonBody(req: Request, maxBytes: number, { empty }: { empty?: unknown } = {}): Promise<unknown> {
  const declared = Number(req.headers.get('content-length') ?? '0')
  if (declared > maxBytes) throw new BodyProblem('Request body too large')
  const text = await req.text()
  if (new TextEncoder().encode(text).byteLength > maxBytes) throw new BodyProblem('Request body too large')
  if (empty !== undefined && text.trim() === '') return empty
  try {
    return JSON.parse(text)
  } catch {
    throw new BodyProblem('Request body must be JSON')
  }
}
