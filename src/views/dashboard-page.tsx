import { Dashboard } from '../features/dashboard/dashboard'
import { useAuth } from '../lib/auth/session'

/** The page's title (the document's, and the prerendered head's). */
export default function DashboardPage() {
  const { user } = useAuth()
  return user ? <Dashboard key={user.id} userId={user.id} /> : null
}
