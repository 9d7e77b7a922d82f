import { lazyIsland } from '../../../components/island'
import type { EmailCodeFormProps } from './email-code-form'

/** The form for the e-mailed code, loaded (with its messages) only once a mail is on its way: the
 * sign-in and "Forgot password?" pages are usable without it. */
export const EmailCode = lazyIsland<EmailCodeFormProps>({ name: 'email-code', load: () => import('./email-code-form'), scope: 'account' })
