import { Merge } from 'lucide-react'
import { useEffect, useId, useRef, useState } from 'react'
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from '#client/components/ui/alert-dialog.tsx'
import { Button } from '#client/components/ui/button.tsx'
import { Input } from '#client/components/ui/input.tsx'
import { Label } from '#client/components/ui/label.tsx'
import { toast } from '#client/components/ui/use-toast.ts'
import { errorDescription } from '#client/features/admin/hooks/error-message.ts'
import type { AdvertiserDetailDto, AdvertiserRowDto } from '#shared/admin-advertisers.ts'
import { advertiserName, SEARCH_DELAY_MS } from '../advertiser-display'
import { DEFAULT_ADVERTISERS_VIEW, useAdvertisers, useMergeAdvertiser } from '../api/advertisers'

/** How many matches the picker offers: the owner narrows by typing. */
const PICKER_SIZE = 8

/** "Corner Café (cafe@corner.test)", or the address alone when the advertiser has no name. */
export function advertiserLabel(advertiser: { businessName: string | null; email: string }): string {
  const name = advertiserName(advertiser)
  return name === advertiser.email ? name : `${name} (${advertiser.email})`
}

/**
 * Merging a duplicate into the open advertiser: find it by name or e-mail, choose it, confirm what
 * happens. The server moves its purchases, inquiries and addresses and removes it.
 */
export function AdvertiserMerge({ target }: { target: AdvertiserDetailDto }) {
  const [text, setText] = useState('')
  const [q, setQ] = useState('')
  const [chosen, setChosen] = useState<AdvertiserRowDto | null>(null)
  const [confirming, setConfirming] = useState(false)
  const searchId = useId()
  const searchRef = useRef<HTMLInputElement>(null)
  const merge = useMergeAdvertiser(target.id)
  const { data, isFetching, isError } = useAdvertisers(
    { ...DEFAULT_ADVERTISERS_VIEW, q, pageSize: PICKER_SIZE },
    { enabled: q !== '' },
  )

  useEffect(() => {
    const timer = setTimeout(() => setQ(text.trim()), SEARCH_DELAY_MS)
    return () => clearTimeout(timer)
  }, [text])

  const candidates = q === '' ? [] : (data?.advertisers ?? []).filter((a) => a.id !== target.id)
  const status =
    q === ''
      ? ''
      : q !== text.trim() || (isFetching && !data)
        ? 'Searching...'
        : isError
          ? 'Failed to search the advertisers. Please try again.'
          : candidates.length === 0
            ? `No other advertiser matches "${q}".`
            : `${candidates.length} found${(data?.total ?? 0) > PICKER_SIZE ? `; type more to narrow` : ''}.`

  const from = chosen ? advertiserLabel(chosen) : ''
  const into = advertiserLabel(target)

  function confirmMerge() {
    if (!chosen) return
    const source = chosen
    merge.mutate(source.id, {
      onSuccess: () => {
        setChosen(null)
        setText('')
        // The Merge button focus returned to is disabled now that nothing is chosen: the search box instead.
        searchRef.current?.focus()
        toast({
          title: 'Advertisers Merged',
          description: `${advertiserLabel(source)} is now part of ${into}.`,
        })
      },
      onError: (error) =>
        toast({
          variant: 'destructive',
          title: 'Merge Failed',
          description: errorDescription(error, 'Failed to merge the advertisers. Please try again.'),
        }),
    })
  }

  return (
    <div className="space-y-3">
      <p className="text-slate-700">
        The same business under another address? Find that advertiser and merge it into this one.
      </p>
      <div className="space-y-1">
        <Label htmlFor={searchId}>Find an advertiser by name or e-mail</Label>
        <Input
          id={searchId}
          ref={searchRef}
          type="search"
          autoComplete="off"
          maxLength={200}
          value={text}
          onChange={(event) => {
            setText(event.target.value)
            setChosen(null)
          }}
        />
        <p className="text-slate-700" aria-live="polite">
          {status}
        </p>
      </div>
      {candidates.length > 0 ? (
        <ul aria-label="Advertisers found" className="space-y-1">
          {candidates.map((candidate) => {
            const isChosen = chosen?.id === candidate.id
            return (
              <li key={candidate.id}>
                <Button
                  type="button"
                  size="sm"
                  variant={isChosen ? 'default' : 'outline'}
                  aria-pressed={isChosen}
                  className="h-auto max-w-full py-1.5 text-left whitespace-normal"
                  onClick={() => setChosen(isChosen ? null : candidate)}
                >
                  <span className="break-all">{advertiserLabel(candidate)}</span>
                </Button>
              </li>
            )
          })}
        </ul>
      ) : null}
      <AlertDialog open={confirming} onOpenChange={setConfirming}>
        <AlertDialogTrigger asChild>
          <Button variant="destructive" disabled={!chosen || merge.isPending}>
            <Merge aria-hidden="true" />
            {chosen ? `Merge ${advertiserName(chosen)} into this advertiser` : 'Merge'}
          </Button>
        </AlertDialogTrigger>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>Merge Advertisers</AlertDialogTitle>
            <AlertDialogDescription>
              Move every purchase, inquiry and address of {from} to {into}, then remove {from}.
            </AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel>Cancel</AlertDialogCancel>
            <AlertDialogAction onClick={confirmMerge}>Merge</AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </div>
  )
}
