import { Spinner } from '#client/components/ui/spinner.tsx'
import { useLoadErrorToast } from '#client/features/admin/hooks/use-load-error-toast.ts'
import { useSiteSettings } from '#client/lib/site-settings.ts'
import { AdministratorsSettings } from './administrators-settings'
import { CalendarDefaultSettings } from './calendar-default-settings'
import { ChangePasswordSettings } from './change-password-settings'
import { type FontPreview, FontSettings } from './font-settings'

export function SettingsManagement({ fontPreview }: { fontPreview: FontPreview }) {
  const { data, isPending, isError } = useSiteSettings()
  useLoadErrorToast(isError, 'Failed to load calendar settings')
  if (isPending) return <Spinner label="Loading settings..." />
  return (
    <div className="space-y-6">
      {isError ? (
        <p className="rounded-md border border-red-200 bg-red-50 p-4 text-red-900">
          Failed to load calendar settings
        </p>
      ) : null}
      <FontSettings current={data?.font} preview={fontPreview} />
      <CalendarDefaultSettings month={data?.defaultMonth} year={data?.defaultYear} />
      <ChangePasswordSettings />
      <AdministratorsSettings />
    </div>
  )
}
