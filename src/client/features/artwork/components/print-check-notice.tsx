import type { PrintCheck } from '#shared/artwork.ts'

/**
 * The print check of the current file, in the server's words. A warning is not an error (the file was
 * accepted), so it is a styled box with a heading rather than role="alert", which would interrupt the
 * reader on every page load.
 */
export function PrintCheckNotice({ check }: { check: PrintCheck }) {
  if (check.level === 'warning') {
    return (
      <div className="rounded-md border border-amber-400 bg-amber-50 p-3 text-amber-900">
        <h4 className="font-semibold">Print check</h4>
        <ul className="mt-1 list-disc space-y-1 pl-6 text-sm">
          {check.messages.map((message) => (
            <li key={message}>{message}</li>
          ))}
        </ul>
      </div>
    )
  }
  return (
    <p className="rounded-md border border-green-300 bg-green-50 p-3 text-sm text-green-800">
      <span className="font-semibold">Print check:</span> {check.messages[0] ?? 'Ready to print.'}
    </p>
  )
}
