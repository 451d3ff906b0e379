import { LogOut } from 'lucide-react'
import { useNavigate, useParams } from 'react-router'
import { PageContainer, PageTitle } from '#client/app/layout/page-section.tsx'
import { useDocumentTitle } from '#client/app/use-document-title.ts'
import { Button } from '#client/components/ui/button.tsx'
import { Tabs, TabsContent, TabsList, TabsTrigger } from '#client/components/ui/tabs.tsx'
import { toast } from '#client/components/ui/use-toast.ts'
import { AdminStatusBanners } from '#client/features/admin/communication/components/admin-status-banners.tsx'
import { useAuth } from '#client/features/auth/auth-context.ts'
import { AdminSectionContent } from './admin-section-content'
import { adminSections, toAdminSection } from './admin-sections'

export function AdminDashboard() {
  const { section } = useParams()
  const navigate = useNavigate()
  const { signOut } = useAuth()
  const active = toAdminSection(section)
  useDocumentTitle('Admin Dashboard')

  async function handleLogout() {
    try {
      await signOut({ notify: false })
      toast({
        title: 'Logged out successfully',
        description: 'You have been signed out from the admin panel.',
      })
      navigate('/')
    } catch (error) {
      console.error(error)
      toast({
        variant: 'destructive',
        title: 'Error signing out',
        description: 'There was a problem signing you out. Please try again.',
      })
    }
  }

  return (
    <PageContainer className="max-w-7xl space-y-6">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="space-y-1">
          <PageTitle>Admin Dashboard</PageTitle>
          <p className="text-slate-700">Manage calendar days, orders, blog posts, and site settings.</p>
        </div>
        <Button variant="outline" onClick={handleLogout}>
          <LogOut aria-hidden="true" />
          Logout
        </Button>
      </div>
      <AdminStatusBanners />
      <Tabs value={active} onValueChange={(value) => navigate(`/admin/${value}`)}>
        <TabsList aria-label="Admin sections">
          {adminSections.map((s) => (
            <TabsTrigger key={s.value} value={s.value}>
              {s.label}
            </TabsTrigger>
          ))}
        </TabsList>
        {adminSections.map((s) => (
          <TabsContent key={s.value} value={s.value} className="min-w-0 space-y-6">
            <div className="space-y-1">
              <h2 className="text-2xl">{s.title}</h2>
              <p className="text-slate-700">{s.description}</p>
            </div>
            <AdminSectionContent section={s.value} />
          </TabsContent>
        ))}
      </Tabs>
    </PageContainer>
  )
}
