import { Plus } from 'lucide-react'
import { type FormEvent, useState } from 'react'
import { Badge } from '#client/components/ui/badge.tsx'
import { Button } from '#client/components/ui/button.tsx'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#client/components/ui/card.tsx'
import { FormField } from '#client/components/ui/form-field.tsx'
import { Spinner } from '#client/components/ui/spinner.tsx'
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '#client/components/ui/table.tsx'
import { toast } from '#client/components/ui/use-toast.ts'
import { ConfirmDialog } from '#client/features/admin/components/confirm-dialog.tsx'
import { FormDialog } from '#client/features/admin/components/form-dialog.tsx'
import {
  STACKED_CELL,
  STACKED_HEADER,
  STACKED_ROW,
  STACKED_TABLE,
} from '#client/features/admin/components/stacked-table.ts'
import { TruncatedText } from '#client/features/admin/components/truncated-text.tsx'
import { errorDescription, fieldErrorsOf } from '#client/features/admin/hooks/error-message.ts'
import { cn } from '#client/lib/cn.ts'
import { type Administrator, addAdministratorInputSchema } from '#shared/team.ts'
import { useAddAdministrator, useRemoveAdministrator, useResendInvitation, useTeam } from '../api/team'

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' })

type AddErrors = { email?: string; name?: string }

function AddAdministratorDialog({
  open,
  onOpenChange,
}: {
  open: boolean
  onOpenChange: (o: boolean) => void
}) {
  const add = useAddAdministrator()
  const [errors, setErrors] = useState<AddErrors>({})
  const [formError, setFormError] = useState<string | null>(null)

  function handleOpenChange(next: boolean) {
    if (!next) {
      setErrors({})
      setFormError(null)
    }
    onOpenChange(next)
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const data = new FormData(event.currentTarget)
    const parsed = addAdministratorInputSchema.safeParse({
      email: String(data.get('email') ?? ''),
      name: String(data.get('name') ?? ''),
    })
    setFormError(null)
    if (!parsed.success) {
      const found: AddErrors = {}
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as keyof AddErrors
        found[field] ??= issue.message
      }
      setErrors(found)
      return
    }
    setErrors({})
    add.mutate(parsed.data, {
      onSuccess: ({ administrator }) => {
        toast({ title: `Invitation sent to ${administrator.email}` })
        handleOpenChange(false)
      },
      onError: (error) => {
        const fields = fieldErrorsOf(error, ['email', 'name'] as const)
        setErrors(fields)
        if (!fields.email && !fields.name)
          setFormError(errorDescription(error, 'Failed to add the administrator. Please try again.'))
      },
    })
  }

  return (
    <FormDialog
      open={open}
      onOpenChange={handleOpenChange}
      title="Add administrator"
      description="They get an e-mail with a link to choose their password (it works for 7 days)."
      onSubmit={handleSubmit}
      formError={formError}
      submitLabel={add.isPending ? 'Sending...' : 'Send invitation'}
      isSubmitting={add.isPending}
    >
      <FormField label="Email" name="email" type="email" autoComplete="off" error={errors.email} />
      <FormField label="Name (optional)" name="name" autoComplete="off" error={errors.name} />
    </FormDialog>
  )
}

export function AdministratorsSettings() {
  const { data: administrators, isPending, isError } = useTeam()
  const remove = useRemoveAdministrator()
  const resend = useResendInvitation()
  const [isAdding, setIsAdding] = useState(false)
  const [removing, setRemoving] = useState<Administrator | null>(null)
  const isLast = (administrators?.length ?? 0) <= 1

  function confirmRemove() {
    const target = removing
    if (!target) return
    setRemoving(null)
    remove.mutate(target, {
      onSuccess: () => {
        toast({ title: `${target.email} is no longer an administrator` })
        // Removing yourself signed you out: the sign-in page says so.
        if (target.isYou) window.location.assign('/auth')
      },
      onError: (error) =>
        toast({
          variant: 'destructive',
          title: 'Administrator not removed',
          description: errorDescription(error, 'Failed to remove the administrator. Please try again.'),
        }),
    })
  }

  function resendTo(administrator: Administrator) {
    resend.mutate(administrator, {
      onSuccess: () => toast({ title: `Invitation sent to ${administrator.email}` }),
      onError: (error) =>
        toast({
          variant: 'destructive',
          title: 'Invitation not sent',
          description: errorDescription(error, 'Failed to send the invitation. Please try again.'),
        }),
    })
  }

  return (
    <Card>
      <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-3">
        <div className="space-y-1.5">
          <CardTitle className="text-xl">Administrators</CardTitle>
          <CardDescription>Everyone who can sign in to this admin area.</CardDescription>
        </div>
        <Button variant="outline" onClick={() => setIsAdding(true)}>
          <Plus aria-hidden="true" />
          Add administrator
        </Button>
      </CardHeader>
      <CardContent>
        {isPending ? (
          <Spinner label="Loading administrators..." />
        ) : isError || !administrators ? (
          <p className="rounded-md border border-red-200 bg-red-50 p-4 text-red-900">
            Failed to load the administrators. Please try again.
          </p>
        ) : (
          <Table label="Administrators" className={STACKED_TABLE}>
            <TableHeader className={STACKED_HEADER}>
              <TableRow>
                <TableHead>Email</TableHead>
                <TableHead>Name</TableHead>
                <TableHead>Status</TableHead>
                <TableHead>Added</TableHead>
                <TableHead>Actions</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {administrators.map((administrator) => (
                <TableRow key={administrator.id} className={STACKED_ROW}>
                  <TableCell data-label="Email" className={cn('font-medium', STACKED_CELL)}>
                    <span className="flex min-w-0 items-baseline gap-1">
                      <TruncatedText text={administrator.email} className="max-w-56" />
                      {administrator.isYou ? <span className="shrink-0 text-slate-700">(you)</span> : null}
                    </span>
                  </TableCell>
                  <TableCell data-label="Name" className={STACKED_CELL}>
                    {administrator.name}
                  </TableCell>
                  <TableCell data-label="Status" className={STACKED_CELL}>
                    {administrator.hasPassword ? (
                      <Badge variant="success">Active</Badge>
                    ) : (
                      <Badge variant="warning">Invitation pending</Badge>
                    )}
                  </TableCell>
                  <TableCell data-label="Added" className={cn('whitespace-nowrap', STACKED_CELL)}>
                    {dateFormat.format(new Date(administrator.addedAt))}
                  </TableCell>
                  <TableCell data-label="Actions" className={STACKED_CELL}>
                    <div className="flex flex-wrap gap-1">
                      {administrator.hasPassword ? null : (
                        <Button
                          variant="outline"
                          size="sm"
                          aria-label={`Resend invitation to ${administrator.email}`}
                          disabled={resend.isPending && resend.variables?.id === administrator.id}
                          onClick={() => resendTo(administrator)}
                        >
                          Resend invitation
                        </Button>
                      )}
                      {isLast ? null : (
                        <Button
                          variant="outline"
                          size="sm"
                          className="text-red-700"
                          aria-label={`Remove ${administrator.email}`}
                          disabled={remove.isPending && remove.variables?.id === administrator.id}
                          onClick={() => setRemoving(administrator)}
                        >
                          Remove
                        </Button>
                      )}
                    </div>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </CardContent>
      <AddAdministratorDialog open={isAdding} onOpenChange={setIsAdding} />
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => {
          if (!open) setRemoving(null)
        }}
        title="Remove administrator?"
        description={
          removing?.isYou
            ? 'You will lose access to the admin area and be signed out now.'
            : `${removing?.email ?? ''} will lose access to the admin area and be signed out.`
        }
        confirmLabel="Remove"
        onConfirm={confirmRemove}
      />
    </Card>
  )
}
