import { ArtworkManagement } from '../../../features/admin/artwork/components/artwork-management'
import { BlogManagement } from '../../../features/admin/blog/components/blog-management'
import { CalendarManagement } from '../../../features/admin/calendar/components/calendar-management'
import { EmailLog } from '../../../features/admin/communication/components/email-log'
import { Inbox } from '../../../features/admin/communication/components/inbox'
import { MailingsManagement } from '../../../features/admin/mailings/components/mailings-management'
import { MapIconCatalogue } from '../../../features/admin/mailings/components/map-icon-catalogue'
import { ManualMapIconOrderForm } from '../../../features/admin/manual-orders/components/manual-map-icon-order-form'
import { ManualOrderForm } from '../../../features/admin/manual-orders/components/manual-order-form'
import { MediaManagement } from '../../../features/admin/media/components/media-management'
import { OrdersManagement } from '../../../features/admin/orders/components/orders-management'
import type { FontPreview } from '../../../features/admin/settings/components/font-settings'
import { SettingsManagement } from '../../../features/admin/settings/components/settings-management'
import { useAuth } from '../../../features/auth/auth-context'
import { loadFontStylesheet } from '../../../features/site-font/font-stylesheets'
import { headingFontStack } from '../../../features/site-font/site-font'
import { useSiteConfig } from '../../site-config'
import type { AdminSection } from './admin-sections'

// The admin features never reach into sibling features; the app hands them what they need.
const fontPreview: FontPreview = { load: loadFontStylesheet, stack: headingFontStack }

export function AdminSectionContent({ section }: { section: AdminSection }) {
  const { user } = useAuth()
  const { mapTeamName } = useSiteConfig()
  switch (section) {
    case 'calendar':
      return <CalendarManagement />
    case 'mailings':
      return <MailingsManagement />
    case 'artwork':
      return <ArtworkManagement />
    case 'orders':
      return <OrdersManagement />
    case 'manual-orders':
      return <ManualOrderForm />
    case 'manual-map-icon-orders':
      return (
        <>
          <MapIconCatalogue />
          <ManualMapIconOrderForm />
        </>
      )
    case 'media':
      return <MediaManagement isSignedIn={user !== null} />
    case 'blog':
      return <BlogManagement defaultAuthor={mapTeamName} />
    case 'inbox':
      return <Inbox />
    case 'emails':
      return <EmailLog />
    case 'settings':
      return <SettingsManagement fontPreview={fontPreview} />
  }
}
