import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api, ok } from '#client/features/admin/admin-api.ts'
import { adminQueryKeys } from '#client/features/admin/admin-query-keys.ts'
import type {
  ArtworkState,
  ProductionBoardResponse,
  ProductionLineDto,
  RequestChangesInput,
} from '#shared/artwork.ts'
import type { MonthKey } from '#shared/mailings.ts'

/** 'all' asks for every line; a state asks the server for that state only (?state=). */
export type ArtworkFilter = ArtworkState | 'all'

/** One page of the board (ARTWORK_BOARD_PAGE_SIZE lines, the server's default). */
export function getProductionBoard(month: MonthKey, filter: ArtworkFilter, page: number) {
  return ok(
    api.admin.mailings[':month'].artwork.$get({
      param: { month },
      query: { state: filter === 'all' ? undefined : filter, page: page === 1 ? undefined : String(page) },
    }),
  )
}

export function productionBoardQueryOptions(month: MonthKey, filter: ArtworkFilter, page: number) {
  return queryOptions({
    // Under the admin key, so an admin change elsewhere (an order deleted, say) refreshes the board too.
    queryKey: adminQueryKeys.artworkBoardPage(month, filter, page),
    queryFn: () => getProductionBoard(month, filter, page),
    // Another filter or page keeps the table on screen until the new lines are in; another month does not.
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[2] === month ? keepPreviousData(previous) : undefined,
  })
}

export function useProductionBoard(month: MonthKey, filter: ArtworkFilter, page: number) {
  return useQuery(productionBoardQueryOptions(month, filter, page))
}

/** The month's proof and all its artwork, downloaded by the browser itself. */
export const proofPdfUrl = (month: MonthKey) => `/api/admin/mailings/${month}/proof.pdf`
export const artworkZipUrl = (month: MonthKey) => `/api/admin/mailings/${month}/artwork.zip`

/**
 * A reviewed line: shown at once wherever the board has it (each filter and page of its month), then the
 * boards refetched, for the counts and for the filters it now leaves or joins.
 */
function useLineUpdate() {
  const queryClient = useQueryClient()
  return (line: ProductionLineDto) => {
    queryClient.setQueriesData<ProductionBoardResponse>(
      { queryKey: adminQueryKeys.artworkBoard() },
      (board) =>
        board?.lines.some((l) => l.orderId === line.orderId)
          ? { ...board, lines: board.lines.map((l) => (l.orderId === line.orderId ? line : l)) }
          : board,
    )
    void queryClient.invalidateQueries({ queryKey: adminQueryKeys.artworkBoard() })
  }
}

const line = (orderId: string) => ({ param: { orderId: encodeURIComponent(orderId) } })
const artworkLine = api.admin.artwork[':orderId']

export function useApproveArtwork() {
  const updateLine = useLineUpdate()
  return useMutation({
    mutationFn: (orderId: string) => ok(artworkLine.approve.$post(line(orderId))),
    onSuccess: updateLine,
  })
}

export function useRequestArtworkChanges() {
  const updateLine = useLineUpdate()
  return useMutation({
    mutationFn: ({ orderId, input }: { orderId: string; input: RequestChangesInput }) =>
      ok(artworkLine['request-changes'].$post({ ...line(orderId), json: input })),
    onSuccess: updateLine,
  })
}

/** E-mails the buyer their artwork link; nothing on the board changes. */
export function useSendArtworkLink() {
  return useMutation({
    mutationFn: (orderId: string) => ok(artworkLine['send-link'].$post(line(orderId))),
  })
}

/** E-mails every buyer of the month whose artwork is missing; nothing on the board changes. */
export function useSendArtworkReminders() {
  return useMutation({
    mutationFn: (month: MonthKey) =>
      ok(api.admin.mailings[':month']['artwork-reminders'].$post({ param: { month } })),
  })
}
