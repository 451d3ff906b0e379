import { AdminDashboard } from './admin-dashboard'
import { RequireAdmin } from './require-admin'

export function AdminPage() {
  return (
    <RequireAdmin>
      <AdminDashboard />
    </RequireAdmin>
  )
}
