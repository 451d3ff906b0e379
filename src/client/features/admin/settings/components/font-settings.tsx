import { useEffect, useState } from 'react'
import { Button } from '#client/components/ui/button.tsx'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#client/components/ui/card.tsx'
import { Label } from '#client/components/ui/label.tsx'
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '#client/components/ui/select.tsx'
import { toast } from '#client/components/ui/use-toast.ts'
import { errorDescription } from '#client/features/admin/hooks/error-message.ts'
import { DEFAULT_SITE_FONT, isSiteFont, SITE_FONTS, type SiteFont } from '#shared/fonts.ts'
import { useUpdateFont } from '../api/update-font'

export type FontPreview = {
  /** Loads the font's stylesheet (the site-font feature's loader, handed in by the app). */
  load: (font: SiteFont) => Promise<unknown>
  /** The CSS font-family stack headings get for the font. */
  stack: (font: SiteFont) => string
}

/** Font picker with a live preview and Apply Font (saved on the server for everyone). */
export function FontSettings({ current, preview }: { current: SiteFont | undefined; preview: FontPreview }) {
  const [font, setFont] = useState<SiteFont>(current ?? DEFAULT_SITE_FONT)
  const update = useUpdateFont()

  useEffect(() => {
    if (current) setFont(current)
  }, [current])

  useEffect(() => {
    void preview.load(font)
  }, [font, preview])

  function applyFont() {
    update.mutate(font, {
      onSuccess: () =>
        toast({ title: 'Font Updated', description: `The site now uses ${font} for headings.` }),
      onError: (error) =>
        toast({
          variant: 'destructive',
          title: 'Update Failed',
          description: errorDescription(error, 'Failed to update the font. Please try again.'),
        }),
    })
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-xl">Site Font</CardTitle>
        <CardDescription>The font every visitor sees in headings.</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        <div className="max-w-xs space-y-2">
          <Label htmlFor="settings-font">Font</Label>
          <Select value={font} onValueChange={(value) => isSiteFont(value) && setFont(value)}>
            <SelectTrigger id="settings-font">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {SITE_FONTS.map((name) => (
                <SelectItem key={name} value={name}>
                  {name}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
        <figure className="rounded-md border border-slate-200 p-4">
          <figcaption className="mb-2 text-sm text-slate-700">Preview</figcaption>
          <p className="text-3xl" style={{ fontFamily: preview.stack(font) }} data-testid="font-preview">
            Reach 5,000 local homes
          </p>
        </figure>
        <Button onClick={applyFont} disabled={update.isPending || font === current}>
          {update.isPending ? 'Applying...' : 'Apply Font'}
        </Button>
      </CardContent>
    </Card>
  )
}
