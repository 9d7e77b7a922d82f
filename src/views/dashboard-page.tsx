import { Dashboard } from '../features/dashboard/dashboard'
import { useAuth } from '../features/auth/use-auth'

export default function DashboardPage() {
  const { user } = useAuth()
  return user ? <Dashboard key={user.id} userId={user.id} /> : null
}
