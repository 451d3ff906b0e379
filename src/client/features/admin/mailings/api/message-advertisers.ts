import { useMutation } from '@tanstack/react-query'
import { api, ok } from '#client/features/admin/admin-api.ts'
import type { MessageAdvertisersInput } from '#shared/mailing-messages.ts'
import type { MonthKey } from '#shared/mailings.ts'

export function messageAdvertisers({ month, input }: { month: MonthKey; input: MessageAdvertisersInput }) {
  return ok(api.admin.mailings[':month'].message.$post({ param: { month }, json: input }))
}

/** E-mails every advertiser of the mailing; nothing on the screen changes. */
export function useMessageAdvertisers() {
  return useMutation({ mutationFn: messageAdvertisers })
}
