import { msg } from '@lingui/core/macro'
import { Dashboard } from '../features/dashboard/dashboard'
import { useAuth } from '../features/auth/use-auth'

/** The page's title (the document's, and the prerendered head's). */
export const title = msg({ message: 'Dashboard – Vekstlinje', context: 'page title' })

export default function DashboardPage() {
  const { user } = useAuth()
  return user ? <Dashboard key={user.id} userId={user.id} /> : null
}
