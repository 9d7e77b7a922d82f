import { fromCallback, fromPromise } from 'xstate'
import type { SessionEvent } from '../../../../machines/new-password.machine'
import { getSupabase } from '../../../lib/supabase'
import { secondFactorDue } from '../../../../machines/assurance'
import { authSession, authStatusOf } from '../../../lib/auth/session'

/** The reset link signs the user in (the confirmation page hands its session over); no session
 * once the auth state is known means the link was used, expired, or never opened. An account with
 * two-factor sign-in must give its code first: the auth service changes its password only at aal2. */
export const watchRecoverySession = fromCallback(({ sendBack }) => {
  authSession.send({ type: 'auth.start' })
  const tell = (event: SessionEvent) => sendBack(event)
  const report = () => {
    const snapshot = authSession.getSnapshot()
    const status = authStatusOf(snapshot)
    const session = snapshot?.context.session
    if (status === 'signedIn' && session && secondFactorDue(session)) tell({ type: 'session.secondFactorDue' })
    else if (status === 'signedIn') tell({ type: 'session.ready' })
    else if (status === 'signedOut') tell({ type: 'session.missing' })
  }
  report()
  return authSession.subscribe(report)
})

export const updatePassword = fromPromise<void, { password: string }>(async ({ input }) => {
  const supabase = await getSupabase()
  const { error } = await supabase.auth.updateUser({ password: input.password })
  if (error) {
    const reasons = (error as { reasons?: string[] }).reasons
    throw { message: error.message, code: error.code, weakPasswordReasons: error.code === 'weak_password' ? (reasons ?? []) : undefined }
  }
})
