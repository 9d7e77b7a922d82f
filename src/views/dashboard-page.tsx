import { PageSpinner } from '../components/spinner'

// Signed-in pages render on the client, behind the spinner.
export default function DashboardPage() {
  return <PageSpinner />
}
