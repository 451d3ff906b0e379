import type { MediaType } from '#shared/dto.ts'

/**
 * Every query key of the client. A key names a cache entry: two definitions of one key share that entry
 * whatever their options or readers, so each key is written here once and each query's options are
 * defined once next to its read. Keys are nested arrays, so invalidating a prefix refreshes everything
 * under it (`queryKeys.calendarDays.all()` after a checkout). Plain arrays only: this module is in every page's bundle.
 */
export const queryKeys = {
  /** GET /api/settings: the public pages, the site font and the admin's settings read one entry. */
  settings: () => ['settings'] as const,
  me: () => ['me'] as const,
  calendarDays: {
    all: () => ['calendar-days'] as const,
    month: (month: string) => ['calendar-days', 'month', month] as const,
    availableMonths: () => ['calendar-days', 'available-months'] as const,
    day: (dayId: string) => ['calendar-days', 'day', dayId] as const,
  },
  mapIcons: {
    all: () => ['map-icons'] as const,
    list: () => ['map-icons', 'list'] as const,
    icon: (iconId: string) => ['map-icons', 'icon', iconId] as const,
  },
  media: {
    all: () => ['media'] as const,
    ofType: (type: MediaType) => ['media', type] as const,
  },
  blogPosts: {
    page: (page: number) => ['blog-posts', 'page', page] as const,
    post: (postId: string) => ['blog-posts', postId] as const,
  },
  ordersBySession: (sessionId: string) => ['orders-by-session', sessionId] as const,
  artworkPage: (token: string) => ['artwork-page', token] as const,
  /** GET /api/ads/:code: the advertiser's page a QR code leads to by default. */
  adPage: (code: string) => ['ad-page', code] as const,
  /** GET /api/offers/:token: the spots held for a returning advertiser, by the e-mailed link. */
  offer: (token: string) => ['offer', token] as const,
  /** GET /api/account: the signed-in advertiser's purchases; removed on sign-out. */
  account: () => ['account'] as const,
  /** GET /api/account/approvals: the advertiser's ads to check before print (under account: removed with it). */
  accountApprovals: () => ['account', 'approvals'] as const,
}
