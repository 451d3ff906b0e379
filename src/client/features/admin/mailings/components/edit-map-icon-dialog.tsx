import type { FormEvent } from 'react'
import { FormField } from '#client/components/ui/form-field.tsx'
import { Label } from '#client/components/ui/label.tsx'
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '#client/components/ui/select.tsx'
import { toast } from '#client/components/ui/use-toast.ts'
import { FormDialog } from '#client/features/admin/components/form-dialog.tsx'
import { type FieldErrors, useEditDraft } from '#client/features/admin/hooks/use-edit-draft.ts'
import type { AdminMapIconDto, UpdateMapIconInput } from '#shared/mailings.ts'
import { useUpdateMapIcon } from '../api/map-icon-catalogue'

type Size = 'small' | 'large'
type Draft = { name: string; size: Size; price: string; defaultQuantity: string }

const EMPTY_DRAFT: Draft = { name: '', size: 'small', price: '', defaultQuantity: '' }

const draftOf = (icon: AdminMapIconDto): Draft => ({
  name: icon.name,
  size: icon.size === 'small' ? 'small' : 'large',
  price: String(icon.price),
  defaultQuantity: String(icon.defaultQuantity),
})

/** The client's reading of updateMapIconInputSchema: the same limits, said next to the field. */
function validate(draft: Draft): FieldErrors<Draft> {
  const errors: FieldErrors<Draft> = {}
  if (!draft.name.trim()) errors.name = 'Enter a name.'
  else if (draft.name.trim().length > 100) errors.name = 'Use at most 100 characters.'
  const price = Number(draft.price)
  if (draft.price.trim() === '' || !Number.isFinite(price) || price < 1)
    errors.price = 'The price must be at least $1.'
  else if (price > 100_000) errors.price = 'The price must be at most $100,000.'
  const quantity = Number(draft.defaultQuantity)
  if (draft.defaultQuantity.trim() === '' || !Number.isInteger(quantity) || quantity < 0 || quantity > 10_000)
    errors.defaultQuantity = 'Enter a whole number from 0 to 10,000.'
  return errors
}

/** One catalogue icon; only what changed is sent (orders keep what they bought, decision 008). */
export function EditMapIconDialog({ icon, onClose }: { icon: AdminMapIconDto | null; onClose: () => void }) {
  const { draft, errors, setErrors, formError, setFormError, setField, showSaveError } = useEditDraft(
    icon,
    draftOf,
    EMPTY_DRAFT,
  )
  const update = useUpdateMapIcon()

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (!icon) return
    const found = validate(draft)
    setErrors(found)
    setFormError(null)
    if (Object.keys(found).length > 0) return
    const saved = draftOf(icon)
    const input: UpdateMapIconInput = {
      ...(draft.name.trim() !== saved.name ? { name: draft.name.trim() } : {}),
      ...(draft.size !== saved.size ? { size: draft.size } : {}),
      ...(Number(draft.price) !== icon.price ? { price: Number(draft.price) } : {}),
      ...(Number(draft.defaultQuantity) !== icon.defaultQuantity
        ? { defaultQuantity: Number(draft.defaultQuantity) }
        : {}),
    }
    if (Object.keys(input).length === 0) {
      setFormError('Change at least one field.')
      return
    }
    update.mutate(
      { id: icon.id, input },
      {
        onSuccess: (updated) => {
          toast({ title: 'Icon Updated', description: `${updated.name} has been updated.` })
          onClose()
        },
        onError: (error) => showSaveError(error, 'Failed to save the icon. Please try again.'),
      },
    )
  }

  return (
    <FormDialog
      open={icon !== null}
      onOpenChange={(open) => !open && onClose()}
      title="Edit Map Icon"
      description="A new price applies to later sales; the default quantity to mailings created later."
      onSubmit={handleSubmit}
      formError={formError}
      submitLabel={update.isPending ? 'Saving...' : 'Save Icon'}
      isSubmitting={update.isPending}
    >
      <FormField
        id="map-icon-name"
        label="Name"
        required
        value={draft.name}
        onChange={(e) => setField('name', e.target.value)}
        error={errors.name}
      />
      <div className="space-y-2">
        <Label htmlFor="map-icon-size">Size</Label>
        <Select value={draft.size} onValueChange={(value) => setField('size', value)}>
          <SelectTrigger id="map-icon-size">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value="small">Regular</SelectItem>
            <SelectItem value="large">Premium</SelectItem>
          </SelectContent>
        </Select>
        {errors.size ? <p className="text-sm text-red-700">{errors.size}</p> : null}
      </div>
      <FormField
        id="map-icon-price"
        label="Price"
        type="number"
        min={1}
        step="0.01"
        required
        value={draft.price}
        onChange={(e) => setField('price', e.target.value)}
        error={errors.price}
      />
      <FormField
        id="map-icon-default-quantity"
        label="Default quantity"
        hint="How many a mailing created from now on can sell."
        type="number"
        inputMode="numeric"
        min={0}
        step={1}
        required
        value={draft.defaultQuantity}
        onChange={(e) => setField('defaultQuantity', e.target.value)}
        error={errors.defaultQuantity}
      />
    </FormDialog>
  )
}
