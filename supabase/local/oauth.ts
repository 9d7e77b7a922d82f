// Google sign-in on the local stack: /authorize sends the browser to a local page, clearly
// marked as the stand-in for Google, whose form signs in (or creates) the user for an e-mail
// and returns to the app with the implicit-flow fragment or a PKCE code.
import { createHash, randomUUID } from 'node:crypto'
import { Hono } from 'hono'
import { type AuthCore, AuthError, type Db, FLOW_LIFETIME_S, type FlowRow, isEmailAddress, randomToken } from './auth-core.ts'
import type { StackContext } from './context.ts'
import { googlePage, htmlResponse, messagePage } from './pages.ts'

export function googleRoutes(ctx: StackContext, core: AuthCore): Hono {
  const { db } = ctx
  const { redirectTarget, findUser, issueSession, sessionFragment } = core
  const app = new Hono()

  // ---------- Google, through the local stand-in page ----------

  app.get('/authorize', async (c) => {
    const provider = c.req.query('provider') ?? ''
    const redirectTo = redirectTarget(c.req.query('redirect_to'))
    if (provider !== 'google') {
      throw new AuthError(400, 'validation_failed', `Unsupported provider: provider ${provider} is not enabled`)
    }
    const challenge = c.req.query('code_challenge') ?? null
    const method = challenge ? (c.req.query('code_challenge_method') ?? 's256').toLowerCase() : null
    const state = randomUUID()
    await db.query(
      `insert into auth.flow_state (id, code_challenge, code_challenge_method, provider_type, authentication_method, redirect_to)
       values ($1, $2, $3, 'google', 'oauth', $4)`,
      [state, challenge, method, redirectTo],
    )
    return c.redirect(`${ctx.apiUrl}/auth/v1/local-google?state=${state}`, 302)
  })

  async function pendingFlow(state: string): Promise<FlowRow | undefined> {
    if (!/^[0-9a-f-]{36}$/.test(state)) return undefined
    const { rows } = await db.query<FlowRow>(
      `select * from auth.flow_state where id = $1 and provider_type = 'google' and auth_code is null
       and created_at > now() - make_interval(secs => $2)`,
      [state, FLOW_LIFETIME_S],
    )
    return rows[0]
  }

  const googleAction = () => `${ctx.apiUrl}/auth/v1/local-google`
  const expiredPage = () =>
    htmlResponse(messagePage('Sign-in expired', 'This sign-in attempt has expired. Go back to the site and start again.'), 400)

  app.get('/local-google', async (c) => {
    const state = c.req.query('state') ?? ''
    if (!(await pendingFlow(state))) return expiredPage()
    return htmlResponse(googlePage({ action: googleAction(), state }))
  })

  app.post('/local-google', async (c) => {
    const form = await c.req.parseBody()
    const state = typeof form.state === 'string' ? form.state : ''
    const email = typeof form.email === 'string' ? form.email.trim().toLowerCase() : ''
    const flow = await pendingFlow(state)
    if (!flow) return expiredPage()
    const target = new URL(flow.redirect_to ?? ctx.siteUrl)
    const pkce = flow.code_challenge !== null

    if (form.decision === 'cancel') {
      await db.query('delete from auth.flow_state where id = $1', [flow.id])
      const error = { error: 'access_denied', error_code: 'access_denied', error_description: 'The user cancelled the sign-in' }
      if (pkce) for (const [k, v] of Object.entries(error)) target.searchParams.set(k, v)
      target.hash = new URLSearchParams({ ...error, sb: '' }).toString()
      return c.redirect(target.toString(), 303)
    }
    if (!isEmailAddress(email)) {
      return htmlResponse(googlePage({ action: googleAction(), state, email, error: 'Enter an e-mail address, like name@example.com.' }), 400)
    }

    const outcome = await db.transaction(async (tx) => {
      const userId = await googleUser(tx, email)
      if (pkce) {
        const code = randomUUID()
        await tx.query('update auth.flow_state set auth_code = $2, user_id = $3, updated_at = now() where id = $1', [
          flow.id,
          code,
          userId,
        ])
        return { code }
      }
      await tx.query('delete from auth.flow_state where id = $1', [flow.id])
      return { session: await issueSession(tx, userId, 'oauth') }
    })
    if ('code' in outcome) {
      target.searchParams.set('code', String(outcome.code))
    } else {
      target.hash = sessionFragment(outcome.session, { provider_token: `local-google-${randomToken()}` })
    }
    return c.redirect(target.toString(), 303)
  })

  /** Finds or creates the user for a Google sign-in, linking the identity to an e-mail account. */
  async function googleUser(tx: Db, email: string): Promise<string> {
    const googleId = createHash('sha256').update(`google:${email}`).digest('hex').slice(0, 21)
    const fullName = email.split('@')[0] ?? email
    const identity = {
      iss: 'https://accounts.google.com',
      sub: googleId,
      provider_id: googleId,
      email,
      email_verified: true,
      phone_verified: false,
      name: fullName,
      full_name: fullName,
    }
    let user = await findUser(tx, 'email', email)
    if (!user) {
      const id = randomUUID()
      await tx.query(
        `insert into auth.users (instance_id, id, aud, role, email, raw_app_meta_data, raw_user_meta_data, email_confirmed_at)
         values ('00000000-0000-0000-0000-000000000000', $1, 'authenticated', 'authenticated', $2, $3, $4, now())`,
        [id, email, JSON.stringify({ provider: 'google', providers: ['google'] }), JSON.stringify(identity)],
      )
      user = (await findUser(tx, 'id', id))!
    } else if (!user.email_confirmed_at) {
      // An account whose address was never confirmed may have been signed up by anyone, with a
      // password and a name of their choosing: as GoTrue's RemoveUnconfirmedIdentities
      // (internal/models/user.go, called from createAccountFromExternalIdentity in
      // internal/api/external.go when the user is not confirmed), the account becomes Google's
      // alone. The password is cleared, the metadata is Google's (replaced, not merged), every
      // other identity goes and the providers are recomputed (only google); then, as user.Confirm
      // with ClearAllOneTimeTokensForUser, the address is confirmed and no link sent before works.
      await tx.query(
        `update auth.users set encrypted_password = null, raw_user_meta_data = $2::jsonb,
           raw_app_meta_data = raw_app_meta_data || '{"provider": "google", "providers": ["google"]}',
           email_confirmed_at = now(), confirmation_token = null, recovery_token = null,
           email_change_token_new = null, email_change_token_current = null, updated_at = now()
         where id = $1`,
        [user.id, JSON.stringify(identity)],
      )
      await tx.query(`delete from auth.identities where user_id = $1 and not (provider = 'google' and provider_id = $2)`, [user.id, googleId])
    } else {
      await tx.query(
        `update auth.users set email_confirmed_at = coalesce(email_confirmed_at, now()),
           raw_app_meta_data = jsonb_set(raw_app_meta_data, '{providers}',
             (select to_jsonb(array(select distinct p from jsonb_array_elements_text(
               coalesce(raw_app_meta_data->'providers', '[]') || '["google"]') as p order by p)))),
           raw_user_meta_data = $2::jsonb || raw_user_meta_data, updated_at = now()
         where id = $1`,
        [user.id, JSON.stringify(identity)],
      )
    }
    await tx.query(
      `insert into auth.identities (provider_id, user_id, identity_data, provider, last_sign_in_at)
       values ($1, $2, $3, 'google', now())
       on conflict (provider_id, provider) do update set last_sign_in_at = now(), updated_at = now()`,
      [googleId, user.id, JSON.stringify(identity)],
    )
    return user.id
  }

  return app
}
