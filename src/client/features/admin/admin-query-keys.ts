import type { MediaType } from '#shared/dto.ts'

/**
 * The admin screens' query keys, all under ['admin'] (`adminQueryKeys.all()` is invalidated after any admin
 * change). Kept out of src/client/lib/query-keys.ts, which is in every public page's bundle.
 */
export const adminQueryKeys = {
  all: () => ['admin'] as const,
  status: () => ['admin', 'status'] as const,
  availableMonths: () => ['admin', 'available-months'] as const,
  team: () => ['admin', 'team'] as const,
  mailings: () => ['admin', 'mailings'] as const,
  ownerDigest: () => ['admin', 'digest'] as const,
  sellingMailings: () => ['admin', 'selling-mailings'] as const,
  mailingIconStock: (month: string) => ['admin', 'mailings', month, 'icon-stock'] as const,
  mailingOffers: (month: string) => ['admin', 'mailings', month, 'offers'] as const,
  mailingScans: (month: string) => ['admin', 'mailings', month, 'scans'] as const,
  mailingPrintReadiness: (month: string) => ['admin', 'mailings', month, 'print-readiness'] as const,
  mailingMap: (month: string) => ['admin', 'mailings', month, 'map'] as const,
  mailingDefaults: () => ['admin', 'mailing-settings'] as const,
  mapIconCatalogue: () => ['admin', 'map-icon-catalogue'] as const,
  calendarDays: () => ['admin', 'calendar-days'] as const,
  calendarDaysList: <Q>(query: Q) => ['admin', 'calendar-days', query] as const,
  sellableDays: <Q>(query: Q) => ['admin', 'calendar-days', 'sellable', query] as const,
  checkouts: () => ['admin', 'checkouts'] as const,
  checkoutsPage: <V>(view: V) => ['admin', 'checkouts', 'page', view] as const,
  checkout: (key: string | null) => ['admin', 'checkouts', 'detail', key] as const,
  advertisers: () => ['admin', 'advertisers'] as const,
  advertisersPage: <V>(view: V) => ['admin', 'advertisers', 'page', view] as const,
  advertiser: (id: string | null) => ['admin', 'advertisers', 'detail', id] as const,
  blogPosts: () => ['admin', 'blog-posts'] as const,
  media: (type: MediaType) => ['admin', 'media', type] as const,
  printSpecs: () => ['admin', 'print-specs'] as const,
  artworkBoard: () => ['admin', 'artwork-board'] as const,
  artworkBoardPage: <F>(month: string, filter: F, page: number) =>
    ['admin', 'artwork-board', month, filter, page] as const,
  emails: () => ['admin', 'emails'] as const,
  emailsList: <F>(filters: F) => ['admin', 'emails', filters] as const,
  inbox: () => ['admin', 'inbox'] as const,
  inboxList: <F>(filters: F) => ['admin', 'inbox', filters] as const,
}
