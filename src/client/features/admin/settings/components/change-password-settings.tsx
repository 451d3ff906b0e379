import { useMutation } from '@tanstack/react-query'
import { type FormEvent, useState } from 'react'
import { Button } from '#client/components/ui/button.tsx'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#client/components/ui/card.tsx'
import { FormField } from '#client/components/ui/form-field.tsx'
import { toast } from '#client/components/ui/use-toast.ts'
import { errorDescription } from '#client/features/admin/hooks/error-message.ts'
import { ApiError, apiClient } from '#client/lib/api-client.ts'
import { passwordLengthProblem } from '#shared/password-policy.ts'

type Errors = { currentPassword?: string; newPassword?: string; confirmPassword?: string }

/** better-auth's change-password; it signs out the account's other sessions and renews this one. */
function changePassword(input: { currentPassword: string; newPassword: string }) {
  return apiClient.post('/api/auth/change-password', { ...input, revokeOtherSessions: true })
}

export function ChangePasswordSettings() {
  const [errors, setErrors] = useState<Errors>({})
  const change = useMutation({ mutationFn: changePassword })

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const form = event.currentTarget
    const data = new FormData(form)
    const currentPassword = String(data.get('currentPassword') ?? '')
    const newPassword = String(data.get('newPassword') ?? '')
    const confirmPassword = String(data.get('confirmPassword') ?? '')
    const found: Errors = {
      currentPassword: currentPassword ? undefined : 'Enter your current password.',
      newPassword: passwordLengthProblem(newPassword),
      confirmPassword: newPassword === confirmPassword ? undefined : 'The two passwords are not the same.',
    }
    setErrors(found)
    if (found.currentPassword || found.newPassword || found.confirmPassword) return
    change.mutate(
      { currentPassword, newPassword },
      {
        onSuccess: () => {
          form.reset()
          toast({ title: 'Password changed', description: 'Your other sessions have been signed out.' })
        },
        onError: (error) => {
          if (error instanceof ApiError && error.code === 'INVALID_PASSWORD') {
            setErrors({ currentPassword: error.message })
            return
          }
          toast({
            variant: 'destructive',
            title: 'Password not changed',
            description: errorDescription(error, 'Failed to change the password. Please try again.'),
          })
        },
      },
    )
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-xl">Change password</CardTitle>
        <CardDescription>
          Your own password. Your other sessions are signed out when it changes.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form className="max-w-sm space-y-4" onSubmit={handleSubmit} noValidate>
          <FormField
            label="Current password"
            name="currentPassword"
            type="password"
            autoComplete="current-password"
            error={errors.currentPassword}
          />
          <FormField
            label="New password"
            name="newPassword"
            type="password"
            autoComplete="new-password"
            hint="At least 12 characters."
            error={errors.newPassword}
          />
          <FormField
            label="Confirm new password"
            name="confirmPassword"
            type="password"
            autoComplete="new-password"
            error={errors.confirmPassword}
          />
          <Button type="submit" disabled={change.isPending}>
            {change.isPending ? 'Saving...' : 'Change password'}
          </Button>
        </form>
      </CardContent>
    </Card>
  )
}
