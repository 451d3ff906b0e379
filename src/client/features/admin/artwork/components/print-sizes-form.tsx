import { zodResolver } from '@hookform/resolvers/zod'
import { useEffect } from 'react'
import { type FieldError, type FieldPath, get, useForm } from 'react-hook-form'
import { Button } from '#client/components/ui/button.tsx'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#client/components/ui/card.tsx'
import { FormField } from '#client/components/ui/form-field.tsx'
import { Spinner } from '#client/components/ui/spinner.tsx'
import { toast } from '#client/components/ui/use-toast.ts'
import { errorDescription, fieldErrorsOf } from '#client/features/admin/hooks/error-message.ts'
import { useLoadErrorToast } from '#client/features/admin/hooks/use-load-error-toast.ts'
import type { PrintSpecs } from '#shared/artwork.ts'
import { printSpecsSchema } from '#shared/artwork-schemas.ts'
import { useHouseAdImage, usePrintSpecs, useUpdatePrintSpecs } from '../api/print-specs'

type Field = FieldPath<PrintSpecs>
type Input = { name: Field; label: string; kind: 'inches' | 'dpi' }

const inches = (prefix: 'daySquare' | 'regularIcon' | 'premiumIcon' | 'postcard'): Input[] => [
  { name: `${prefix}.widthInches`, label: 'Width (inches)', kind: 'inches' },
  { name: `${prefix}.heightInches`, label: 'Height (inches)', kind: 'inches' },
]

/** The form's groups in the order it shows them; the field names are the server's error keys too. */
const GROUPS: Array<{ legend: string; fields: Input[] }> = [
  { legend: 'Day square', fields: inches('daySquare') },
  { legend: 'Regular icon', fields: inches('regularIcon') },
  { legend: 'Premium icon', fields: inches('premiumIcon') },
  {
    legend: 'Postcard',
    fields: [
      ...inches('postcard'),
      { name: 'postcard.bleedInches', label: 'Bleed (inches)', kind: 'inches' },
      { name: 'postcard.safeInches', label: 'Safe margin (inches)', kind: 'inches' },
    ],
  },
  { legend: 'Print resolution', fields: [{ name: 'dpi', label: 'Resolution (DPI)', kind: 'dpi' }] },
  {
    legend: 'QR code',
    fields: [{ name: 'qrCode.sizeInches', label: 'Size without margin (inches)', kind: 'inches' }],
  },
]

const FIELD_NAMES: Field[] = [
  ...GROUPS.flatMap((group) => group.fields.map((field) => field.name)),
  'houseAd.text',
  'cmykForPress',
]

const idOf = (name: Field) => `print-specs-${name.replace('.', '-')}`
const HOUSE_AD_FILE_ID = 'print-specs-house-ad-image'

/**
 * The printed size of each product, the resolution print needs, and the postcard's trim size and
 * bleed (for the proof), and the QR code's size. Number inputs are read as numbers (an empty one is NaN, which the schema refuses
 * with its own words), then checked with the shared printSpecsSchema.
 */
export function PrintSizesForm() {
  const { data, isPending, isError } = usePrintSpecs()
  useLoadErrorToast(isError, 'Failed to load the print sizes.')
  const update = useUpdatePrintSpecs()
  const houseAdImage = useHouseAdImage()
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<PrintSpecs>({ resolver: zodResolver(printSpecsSchema) })

  useEffect(() => {
    if (data) reset(data)
  }, [data, reset])

  function onSubmit(input: PrintSpecs) {
    update.mutate(input, {
      onSuccess: () =>
        toast({ title: 'Print sizes saved', description: 'New print checks and proofs use these sizes.' }),
      onError: (error) => {
        const found = fieldErrorsOf(error, FIELD_NAMES)
        for (const name of FIELD_NAMES) {
          const message = found[name]
          if (message) setError(name, { type: 'server', message })
        }
        toast({
          variant: 'destructive',
          title: 'Save Failed',
          description: errorDescription(error, 'Failed to save the print sizes. Please try again.'),
        })
      },
    })
  }

  function onHouseAdFile(input: HTMLInputElement) {
    const file = input.files?.[0]
    if (!file) return
    houseAdImage.upload.mutate(file, {
      onSuccess: () => toast({ title: 'House ad image saved', description: 'Unsold days show this image.' }),
      onError: (error) =>
        toast({
          variant: 'destructive',
          title: 'Upload Failed',
          description: errorDescription(error, 'Failed to upload the house ad image. Please try again.'),
        }),
      onSettled: () => {
        input.value = ''
      },
    })
  }

  function onRemoveHouseAdImage() {
    houseAdImage.remove.mutate(undefined, {
      onSuccess: () => toast({ title: 'House ad image removed', description: 'Unsold days show the text.' }),
      onError: (error) =>
        toast({
          variant: 'destructive',
          title: 'Remove Failed',
          description: errorDescription(error, 'Failed to remove the house ad image. Please try again.'),
        }),
    })
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-xl">Print sizes</CardTitle>
        <CardDescription>
          The printed size of each item and the resolution the printer needs: each upload's print check is
          measured against them. The postcard's size and bleed lay out the proof, and the QR code printed with
          each day and icon is the size given here, plus a white margin around it.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {isPending ? (
          <Spinner label="Loading print sizes..." />
        ) : !data ? (
          <p className="text-red-800">Failed to load the print sizes.</p>
        ) : (
          <form className="space-y-4" onSubmit={handleSubmit(onSubmit)} noValidate>
            <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
              {GROUPS.map(({ legend, fields }) => (
                <fieldset key={legend} className="min-w-0 space-y-3 rounded-md border border-slate-200 p-3">
                  <legend className="px-1 text-sm font-semibold">{legend}</legend>
                  <div className="grid grid-cols-2 gap-3">
                    {fields.map(({ name, label, kind }) => (
                      <FormField
                        key={name}
                        id={idOf(name)}
                        label={label}
                        type="number"
                        inputMode={kind === 'dpi' ? 'numeric' : 'decimal'}
                        step={kind === 'dpi' ? 1 : 'any'}
                        min={0}
                        error={(get(errors, name) as FieldError | undefined)?.message}
                        {...register(name, { valueAsNumber: true })}
                      />
                    ))}
                  </div>
                </fieldset>
              ))}
            </div>
            <fieldset className="min-w-0 space-y-3 rounded-md border border-slate-200 p-3">
              <legend className="px-1 text-sm font-semibold">House ad</legend>
              <p className="text-sm text-slate-600">
                Fills every unsold day on the card: the image when one is uploaded, else the text ({'{site}'}{' '}
                is replaced by the site's address).
              </p>
              <FormField
                id={idOf('houseAd.text')}
                label="Text"
                type="text"
                error={errors.houseAd?.text?.message}
                {...register('houseAd.text')}
              />
              <div className="space-y-2">
                <label htmlFor={HOUSE_AD_FILE_ID} className="block text-sm font-medium">
                  Image (PNG or JPEG)
                </label>
                <input
                  id={HOUSE_AD_FILE_ID}
                  type="file"
                  accept="image/png,image/jpeg"
                  disabled={houseAdImage.upload.isPending}
                  className="block text-sm"
                  onChange={(event) => onHouseAdFile(event.currentTarget)}
                />
                {data.houseAd.image ? (
                  <div className="flex flex-wrap items-center gap-3">
                    <p className="text-sm">An image is set: unsold days show it.</p>
                    <Button
                      type="button"
                      variant="outline"
                      disabled={houseAdImage.remove.isPending}
                      onClick={onRemoveHouseAdImage}
                    >
                      Remove image
                    </Button>
                  </div>
                ) : (
                  <p className="text-sm text-slate-600">No image: unsold days show the text.</p>
                )}
              </div>
            </fieldset>
            <div className="flex items-center gap-2">
              <input
                id={idOf('cmykForPress')}
                type="checkbox"
                className="size-4"
                {...register('cmykForPress')}
              />
              <label htmlFor={idOf('cmykForPress')} className="text-sm font-medium">
                CMYK for press
              </label>
            </div>
            <Button type="submit" disabled={update.isPending}>
              {update.isPending ? 'Saving...' : 'Save print sizes'}
            </Button>
          </form>
        )}
      </CardContent>
    </Card>
  )
}
