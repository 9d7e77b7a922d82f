// GoTrue's API under /auth/v1, for the flows the app uses, one router per resource:
//   auth-signup.ts    POST /signup           e-mail sign-up with confirmation
//   auth-token.ts     POST /token            password and PKCE grants, refresh-token rotation with reuse detection
//   auth-user.ts      GET, PUT /user         the user, and changing its password, metadata or address
//   auth-logout.ts    POST /logout           logout scopes
//   auth-recover.ts   POST /recover, /resend recovery, and the confirmation again
//   auth-verify.ts    GET, POST /verify      e-mailed links and codes
//   auth-mfa.ts       /factors               authenticator apps (TOTP): enroll, challenge, unenroll
//   auth-mfa-verify.ts  POST /factors/:id/verify  the code that raises a session to aal2
//   oauth.ts          /authorize, /local-google, /local-linkedin   Google and LinkedIn, through local stand-in pages
//   auth-admin.ts     DELETE /admin/users/:id     the service role's user delete
// What they share is in auth-core.ts (requests, limits, the caller), auth-sessions.ts (users and
// sessions) and auth-mail.ts (the e-mails). This module holds what applies to every route: GoTrue's
// error shape and version header, the API key, and the refusal of NUL in a query.
import { Hono } from 'hono'
import { adminRoutes } from './auth-admin.ts'
import { API_VERSION, AuthError, createAuthCore } from './auth-core.ts'
import { logoutRoutes } from './auth-logout.ts'
import { mfaRoutes } from './auth-mfa.ts'
import { mfaVerifyRoutes } from './auth-mfa-verify.ts'
import { recoverRoutes } from './auth-recover.ts'
import { signupRoutes } from './auth-signup.ts'
import { tokenRoutes } from './auth-token.ts'
import { userRoutes } from './auth-user.ts'
import { asAuthService } from './auth-users.ts'
import { verifyRoutes } from './auth-verify.ts'
import type { StackContext } from './context.ts'
import { OAUTH_PROVIDERS, oauthRoutes } from './oauth.ts'
import { requireApiKey } from './http.ts'

export function authRoutes(stack: StackContext): Hono {
  // The stack's context (its API address is set once it listens), with the auth service's database.
  const ctx: StackContext = Object.create(stack, { db: { value: asAuthService(stack.db) } })
  const { keys, auth: config } = ctx
  const app = new Hono()
  const core = createAuthCore(ctx)

  app.onError((error, c) => {
    c.header('X-Supabase-Api-Version', API_VERSION)
    if (error instanceof AuthError) {
      return c.json(
        { code: error.code, error_code: error.code, msg: error.message, message: error.message, ...error.extra },
        error.status as 400,
      )
    }
    console.error('[local stack] auth error', error)
    return c.json({ code: 'unexpected_failure', error_code: 'unexpected_failure', message: 'Unexpected failure' }, 500)
  })

  app.use('*', async (c, next) => {
    await next()
    c.header('X-Supabase-Api-Version', API_VERSION)
  })

  // Browser navigations (and the stand-in page's form) carry no apikey; everything else does.
  const apiKey = requireApiKey(keys.jwtSecret)
  app.use('*', async (c, next) => {
    const path = c.req.path.replace(/^.*\/auth\/v1/, '')
    const navigation = c.req.method === 'GET' && ['/authorize', '/verify', '/callback'].includes(path)
    if (navigation || Object.values(OAUTH_PROVIDERS).some((provider) => provider.path === path)) return next()
    return apiKey(c, next)
  })

  // PostgreSQL text cannot hold NUL: a query parameter with one is refused before it reaches a query.
  app.use('*', async (c, next) => {
    if (c.req.url.includes('%00') && Object.values(c.req.queries()).some((values) => values.some((v) => v.includes('\u0000')))) {
      throw new AuthError(400, 'validation_failed', 'Request contains a NUL character (\\u0000)')
    }
    return next()
  })

  app.get('/health', (c) => c.json({ version: 'local', name: 'GoTrue', description: 'Local stand-in for GoTrue' }))

  app.get('/settings', (c) =>
    c.json({
      external: { email: true, phone: false, ...Object.fromEntries(Object.keys(OAUTH_PROVIDERS).map((id) => [id, config.externalProviders.includes(id)])) },
      disable_signup: false,
      mailer_autoconfirm: config.autoconfirm,
      phone_autoconfirm: false,
      sms_provider: '',
      saml_enabled: false,
    }),
  )

  for (const routes of [signupRoutes, tokenRoutes, userRoutes, logoutRoutes, recoverRoutes]) app.route('/', routes(ctx, core))
  app.route('/', adminRoutes(ctx))
  for (const routes of [verifyRoutes, mfaRoutes, mfaVerifyRoutes, oauthRoutes]) app.route('/', routes(ctx, core))

  return app
}
