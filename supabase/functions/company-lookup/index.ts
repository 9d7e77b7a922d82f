// Hosted Supabase (Deno): serves the same handler the local stack mounts.
import handler from './handler.ts'

Deno.serve((req: Request) => handler(req, Deno.env.toObject()))
