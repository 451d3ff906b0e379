import { useSiteConfig } from '#client/app/site-config.ts'
import { AdvertisersManagement } from '#client/features/admin/advertisers/components/advertisers-management.tsx'
import { ArtworkManagement } from '#client/features/admin/artwork/components/artwork-management.tsx'
import { BlogManagement } from '#client/features/admin/blog/components/blog-management.tsx'
import { CalendarManagement } from '#client/features/admin/calendar/components/calendar-management.tsx'
import { EmailLog } from '#client/features/admin/communication/components/email-log.tsx'
import { Inbox } from '#client/features/admin/communication/components/inbox.tsx'
import { MailingsManagement } from '#client/features/admin/mailings/components/mailings-management.tsx'
import { MapIconCatalogue } from '#client/features/admin/mailings/components/map-icon-catalogue.tsx'
import { ManualMapIconOrderForm } from '#client/features/admin/manual-orders/components/manual-map-icon-order-form.tsx'
import { ManualOrderForm } from '#client/features/admin/manual-orders/components/manual-order-form.tsx'
import { MediaManagement } from '#client/features/admin/media/components/media-management.tsx'
import { OrdersManagement } from '#client/features/admin/orders/components/orders-management.tsx'
import type { FontPreview } from '#client/features/admin/settings/components/font-settings.tsx'
import { SettingsManagement } from '#client/features/admin/settings/components/settings-management.tsx'
import { useAuth } from '#client/features/auth/auth-context.ts'
import { loadFontStylesheet } from '#client/features/site-font/font-stylesheets.ts'
import { headingFontStack } from '#client/features/site-font/site-font.ts'
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
    case 'advertisers':
      return <AdvertisersManagement />
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
