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
import { useCreateMapIcon, useUpdateMapIcon } from '../api/map-icon-catalogue'

type Size = 'small' | 'large'
type Draft = { name: string; size: Size; price: string; defaultQuantity: string }

const EMPTY_DRAFT: Draft = { name: '', size: 'small', price: '', defaultQuantity: '' }

/** The dialog edits an icon, or adds one ('new'). */
export type MapIconDialogTarget = AdminMapIconDto | 'new'

const iconDraft = (icon: AdminMapIconDto): Draft => ({
  name: icon.name,
  size: icon.size === 'small' ? 'small' : 'large',
  price: String(icon.price),
  defaultQuantity: String(icon.defaultQuantity),
})

const draftOf = (target: MapIconDialogTarget): Draft => (target === 'new' ? EMPTY_DRAFT : iconDraft(target))

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

/**
 * One catalogue icon, or a new one. An edit sends only what changed (orders keep what they bought,
 * decision 008).
 */
export function EditMapIconDialog({
  icon,
  onClose,
}: {
  icon: MapIconDialogTarget | null
  onClose: () => void
}) {
  const { draft, errors, setErrors, formError, setFormError, setField, showSaveError } = useEditDraft(
    icon,
    draftOf,
    EMPTY_DRAFT,
  )
  const update = useUpdateMapIcon()
  const create = useCreateMapIcon()
  const isNew = icon === 'new'
  const isSaving = update.isPending || create.isPending

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (!icon) return
    const found = validate(draft)
    setErrors(found)
    setFormError(null)
    if (Object.keys(found).length > 0) return
    if (icon === 'new') {
      create.mutate(
        {
          name: draft.name.trim(),
          size: draft.size,
          price: Number(draft.price),
          defaultQuantity: Number(draft.defaultQuantity),
        },
        {
          onSuccess: (added) => {
            toast({ title: 'Icon Added', description: `${added.name} has been added.` })
            onClose()
          },
          onError: (error) => showSaveError(error, 'Failed to add the icon. Please try again.'),
        },
      )
      return
    }
    const saved = iconDraft(icon)
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
      title={isNew ? 'Add Map Icon' : 'Edit Map Icon'}
      description={
        isNew
          ? 'A new icon type is for sale at once in every mailing open for sale, with its default quantity.'
          : 'A new price applies to later sales; the default quantity to mailings created later.'
      }
      onSubmit={handleSubmit}
      formError={formError}
      submitLabel={isSaving ? 'Saving...' : isNew ? 'Add Icon' : 'Save Icon'}
      isSubmitting={isSaving}
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
        hint={isNew ? 'How many each mailing can sell.' : 'How many a mailing created from now on can sell.'}
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
