import { Input } from '#client/components/ui/input.tsx'
import { Label } from '#client/components/ui/label.tsx'

/** Business Name and Email, shared by both manual order screens. */
export function CustomerFields({
  idPrefix,
  businessName,
  email,
  onBusinessNameChange,
  onEmailChange,
}: {
  idPrefix: string
  businessName: string
  email: string
  onBusinessNameChange: (value: string) => void
  onEmailChange: (value: string) => void
}) {
  return (
    <>
      <div className="space-y-2">
        <Label htmlFor={`${idPrefix}-business`}>Business Name</Label>
        <Input
          id={`${idPrefix}-business`}
          required
          autoComplete="organization"
          value={businessName}
          onChange={(e) => onBusinessNameChange(e.target.value)}
        />
      </div>
      <div className="space-y-2">
        <Label htmlFor={`${idPrefix}-email`}>Email</Label>
        <Input
          id={`${idPrefix}-email`}
          type="email"
          required
          autoComplete="email"
          value={email}
          onChange={(e) => onEmailChange(e.target.value)}
        />
      </div>
    </>
  )
}

/** Business name, e-mail and a day or icon are all required. */
export function isManualOrderComplete(...values: string[]): boolean {
  return values.every((v) => v.trim() !== '')
}

export function missingInformationToast() {
  return {
    variant: 'destructive' as const,
    title: 'Missing Information',
    description: 'Please fill in all fields.',
  }
}
