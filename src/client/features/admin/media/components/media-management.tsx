import { Tabs, TabsContent, TabsList, TabsTrigger } from '#client/components/ui/tabs.tsx'
import type { MediaType } from '#shared/dto.ts'
import { MediaPanel } from './media-panel'

const MEDIA_TABS: Array<{ type: MediaType; label: string }> = [
  { type: 'calendar_example', label: 'Calendar Example' },
  { type: 'map_example', label: 'Map Example' },
  { type: 'postcard_front', label: 'Postcard Front' },
  { type: 'postcard_back', label: 'Postcard Back' },
  { type: 'blog_cover', label: 'Blog Cover' },
]

/** Media: a tab per kind (the blog's covers among them), each with previews, Choose File, Upload, Refresh and delete. */
export function MediaManagement({ isSignedIn }: { isSignedIn: boolean }) {
  return (
    <div className="space-y-4">
      {isSignedIn ? null : (
        <p role="alert" className="rounded-md border border-amber-300 bg-amber-50 p-3 text-amber-900">
          You must be logged in as admin to upload or delete media.
        </p>
      )}
      <Tabs defaultValue="calendar_example">
        <TabsList aria-label="Media categories">
          {MEDIA_TABS.map((tab) => (
            <TabsTrigger key={tab.type} value={tab.type}>
              {tab.label}
            </TabsTrigger>
          ))}
        </TabsList>
        {MEDIA_TABS.map((tab) => (
          <TabsContent key={tab.type} value={tab.type}>
            <MediaPanel type={tab.type} label={tab.label} isSignedIn={isSignedIn} />
          </TabsContent>
        ))}
      </Tabs>
    </div>
  )
}
