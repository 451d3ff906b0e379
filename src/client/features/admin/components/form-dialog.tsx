import type { FormEvent, ReactNode } from 'react'
import { Button } from '#client/components/ui/button.tsx'
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '#client/components/ui/dialog.tsx'

/**
 * An admin form in a dialog: the fields, the form's own error (one not about a single field), and Cancel
 * beside the submit button. The form does not validate natively: each form says in its own words what is
 * wrong.
 */
export function FormDialog({
  open,
  onOpenChange,
  title,
  description,
  className,
  onSubmit,
  formError,
  submitLabel,
  isSubmitting,
  children,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
  title: string
  description: ReactNode
  /** For the dialog's content box (its width). */
  className?: string
  onSubmit: (event: FormEvent<HTMLFormElement>) => void
  formError?: string | null
  submitLabel: string
  isSubmitting: boolean
  children: ReactNode
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className={className}>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        <form className="space-y-4" onSubmit={onSubmit} noValidate>
          {children}
          {formError ? (
            <p role="alert" className="text-sm text-red-700">
              {formError}
            </p>
          ) : null}
          <DialogFooter>
            <DialogClose asChild>
              <Button type="button" variant="outline">
                Cancel
              </Button>
            </DialogClose>
            <Button type="submit" disabled={isSubmitting}>
              {submitLabel}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  )
}
