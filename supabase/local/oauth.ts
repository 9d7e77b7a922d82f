// Sign-in with Google and with LinkedIn (OpenID Connect) on the local stack: /authorize sends the
// browser to a local page, clearly marked as the stand-in for the provider, whose form signs in (or
// creates) the user for an e-mail and returns to the app with the implicit-flow fragment or a PKCE
// code, or, when the person cancels, with the provider's own error as GoTrue passes it on. The
// identity carries the claims GoTrue keeps of each provider (its user metadata comes from them).
import { createHash, randomUUID } from 'node:crypto'
import { Hono } from 'hono'
import { type AuthCore, AuthError, type Db, FLOW_LIFETIME_S, type FlowRow, isEmailAddress, randomToken } from './auth-core.ts'
import type { StackContext } from './context.ts'
import { htmlResponse, messagePage, oauthPage } from './pages.ts'

/** The providers config.toml may turn on ([auth.external.<id>]), and what their stand-in shows. */
export const OAUTH_PROVIDERS = {
  google: {
    name: 'Google',
    path: '/local-google',
    issuer: 'https://accounts.google.com',
    asksName: false,
    // What Google's consent screen answers when the person says no.
    cancelled: { error: 'access_denied', error_description: '' },
  },
  linkedin_oidc: {
    name: 'LinkedIn',
    path: '/local-linkedin',
    issuer: 'https://www.linkedin.com/oauth',
    asksName: true,
    // LinkedIn's answer when the person cancels its sign-in.
    cancelled: { error: 'user_cancelled_login', error_description: 'The user cancelled LinkedIn login' },
  },
} as const
export type OAuthProviderId = keyof typeof OAUTH_PROVIDERS
const isProvider = (id: string): id is OAuthProviderId => Object.hasOwn(OAUTH_PROVIDERS, id)

/** The claims a provider hands over for an address (and, on LinkedIn's page, a name), as GoTrue
 * keeps them in the identity and the user's metadata: Google's with `full_name` and `avatar_url`;
 * LinkedIn's (GoTrue's parseLinkedinIDToken) with the name built from its parts, the picture and
 * the locale, and neither `full_name` nor `avatar_url`. */
export function identityClaims(provider: OAuthProviderId, email: string, typedName = '') {
  const id = createHash('sha256').update(`${provider}:${email}`).digest('hex').slice(0, 21)
  const name = typedName.trim() || (email.split('@')[0] ?? email)
  const base = { iss: OAUTH_PROVIDERS[provider].issuer, sub: id, provider_id: id, email, email_verified: true, phone_verified: false, name }
  if (provider !== 'linkedin_oidc') return { ...base, full_name: name }
  const [given = name, ...rest] = name.split(/\s+/)
  const family = rest.join(' ')
  return {
    ...base,
    name: `${given} ${family}`.trim(),
    given_name: given,
    family_name: family,
    picture: `https://media.licdn.com/dms/image/local/${id}`,
    locale: 'nb_NO',
  }
}

export function oauthRoutes(ctx: StackContext, core: AuthCore): Hono {
  const { db } = ctx
  const { redirectTarget, findUser, issueSession, sessionFragment } = core
  const app = new Hono()

  app.get('/authorize', async (c) => {
    const provider = c.req.query('provider') ?? ''
    const redirectTo = redirectTarget(c.req.query('redirect_to'))
    if (!isProvider(provider) || !ctx.auth.externalProviders.includes(provider)) {
      throw new AuthError(400, 'validation_failed', `Unsupported provider: provider ${provider} is not enabled`)
    }
    const challenge = c.req.query('code_challenge') ?? null
    const method = challenge ? (c.req.query('code_challenge_method') ?? 's256').toLowerCase() : null
    const state = randomUUID()
    await db.query(
      `insert into auth.flow_state (id, code_challenge, code_challenge_method, provider_type, authentication_method, redirect_to)
       values ($1, $2, $3, $4, 'oauth', $5)`,
      [state, challenge, method, provider, redirectTo],
    )
    return c.redirect(`${ctx.apiUrl}/auth/v1${OAUTH_PROVIDERS[provider].path}?state=${state}`, 302)
  })

  async function pendingFlow(provider: OAuthProviderId, state: string): Promise<FlowRow | undefined> {
    if (!/^[0-9a-f-]{36}$/.test(state)) return undefined
    const { rows } = await db.query<FlowRow>(
      `select * from auth.flow_state where id = $1 and provider_type = $3 and auth_code is null
       and created_at > now() - make_interval(secs => $2)`,
      [state, FLOW_LIFETIME_S, provider],
    )
    return rows[0]
  }

  const expiredPage = () =>
    htmlResponse(messagePage('Sign-in expired', 'This sign-in attempt has expired. Go back to the site and start again.'), 400)

  for (const provider of Object.keys(OAUTH_PROVIDERS) as OAuthProviderId[]) {
    const { path } = OAUTH_PROVIDERS[provider]
    const action = () => `${ctx.apiUrl}/auth/v1${path}`
    app.get(path, async (c) => {
      const state = c.req.query('state') ?? ''
      if (!(await pendingFlow(provider, state))) return expiredPage()
      return htmlResponse(oauthPage({ provider: OAUTH_PROVIDERS[provider], action: action(), state }))
    })
    app.post(path, async (c) => {
      const form = await c.req.parseBody()
      const field = (name: string) => (typeof form[name] === 'string' ? (form[name] as string) : '')
      const state = field('state')
      const email = field('email').trim().toLowerCase()
      const flow = await pendingFlow(provider, state)
      if (!flow) return expiredPage()
      if (form.decision === 'cancel') return c.redirect(await cancelled(flow, provider), 303)
      if (!isEmailAddress(email)) {
        const error = 'Enter an e-mail address, like name@example.com.'
        return htmlResponse(oauthPage({ provider: OAUTH_PROVIDERS[provider], action: action(), state, email, name: field('name'), error }), 400)
      }
      return c.redirect(await signedIn(flow, provider, identityClaims(provider, email, field('name').slice(0, 100))), 303)
    })
  }

  /** The person said no at the provider: GoTrue passes the provider's error on (an OAuth error:
   * `error` and `error_description`, no `error_code`), in the query and in the fragment, whichever
   * the flow. */
  async function cancelled(flow: FlowRow, provider: OAuthProviderId): Promise<string> {
    await db.query('delete from auth.flow_state where id = $1', [flow.id])
    const target = new URL(flow.redirect_to ?? ctx.siteUrl)
    const { error, error_description } = OAUTH_PROVIDERS[provider].cancelled
    target.searchParams.set('error', error)
    target.searchParams.set('error_description', error_description)
    const fragment = new URLSearchParams({ error })
    if (error_description) fragment.set('error_description', error_description)
    fragment.set('sb', '')
    target.hash = fragment.toString()
    return target.toString()
  }

  async function signedIn(flow: FlowRow, provider: OAuthProviderId, identity: ReturnType<typeof identityClaims>): Promise<string> {
    const target = new URL(flow.redirect_to ?? ctx.siteUrl)
    const outcome = await db.transaction(async (tx) => {
      const userId = await externalUser(tx, provider, identity)
      if (flow.code_challenge !== null) {
        const code = randomUUID()
        await tx.query('update auth.flow_state set auth_code = $2, user_id = $3, updated_at = now() where id = $1', [flow.id, code, userId])
        return { code }
      }
      await tx.query('delete from auth.flow_state where id = $1', [flow.id])
      return { session: await issueSession(tx, userId, 'oauth') }
    })
    if ('code' in outcome) target.searchParams.set('code', String(outcome.code))
    else target.hash = sessionFragment(outcome.session, { provider_token: `local-${provider}-${randomToken()}` })
    return target.toString()
  }

  /** Finds or creates the user for a provider's sign-in, linking the identity to an account of the
   * same (verified) address, as GoTrue's automatic identity linking does. */
  async function externalUser(tx: Db, provider: OAuthProviderId, identity: ReturnType<typeof identityClaims>): Promise<string> {
    const { email, provider_id: providerId } = identity
    let user = await findUser(tx, 'email', email)
    if (!user) {
      const id = randomUUID()
      await tx.query(
        `insert into auth.users (instance_id, id, aud, role, email, raw_app_meta_data, raw_user_meta_data, email_confirmed_at)
         values ('00000000-0000-0000-0000-000000000000', $1, 'authenticated', 'authenticated', $2, $3, $4, now())`,
        [id, email, JSON.stringify({ provider, providers: [provider] }), JSON.stringify(identity)],
      )
      user = (await findUser(tx, 'id', id))!
    } else if (!user.email_confirmed_at) {
      // An account whose address was never confirmed may have been signed up by anyone, with a
      // password and a name of their choosing: as GoTrue's RemoveUnconfirmedIdentities
      // (internal/models/user.go, called from createAccountFromExternalIdentity in
      // internal/api/external.go when the user is not confirmed), the account becomes the
      // provider's alone. The password is cleared, the metadata is the provider's (replaced, not
      // merged), every other identity goes and the providers are recomputed; then, as user.Confirm
      // with ClearAllOneTimeTokensForUser, the address is confirmed and no link sent before works.
      await tx.query(
        `update auth.users set encrypted_password = null, raw_user_meta_data = $2::jsonb,
           raw_app_meta_data = raw_app_meta_data || jsonb_build_object('provider', $3::text, 'providers', jsonb_build_array($3::text)),
           email_confirmed_at = now(), confirmation_token = null, recovery_token = null,
           email_change_token_new = null, email_change_token_current = null, updated_at = now()
         where id = $1`,
        [user.id, JSON.stringify(identity), provider],
      )
      await tx.query(`delete from auth.identities where user_id = $1 and not (provider = $3 and provider_id = $2)`, [user.id, providerId, provider])
    } else {
      await tx.query(
        `update auth.users set email_confirmed_at = coalesce(email_confirmed_at, now()),
           raw_app_meta_data = jsonb_set(raw_app_meta_data, '{providers}',
             (select to_jsonb(array(select distinct p from jsonb_array_elements_text(
               coalesce(raw_app_meta_data->'providers', '[]') || jsonb_build_array($3::text)) as p order by p)))),
           raw_user_meta_data = $2::jsonb || raw_user_meta_data, updated_at = now()
         where id = $1`,
        [user.id, JSON.stringify(identity), provider],
      )
    }
    await tx.query(
      `insert into auth.identities (provider_id, user_id, identity_data, provider, last_sign_in_at)
       values ($1, $2, $3, $4, now())
       on conflict (provider_id, provider) do update set last_sign_in_at = now(), updated_at = now()`,
      [providerId, user.id, JSON.stringify(identity), provider],
    )
    return user.id
  }

  return app
}
