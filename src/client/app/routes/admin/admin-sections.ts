/**
 * The admin tabs in order; the first is the default.
 */
export const adminSections = [
  {
    value: 'calendar',
    label: 'Calendar',
    title: 'Calendar Management',
    description: 'Manage calendar days, prices and reservations.',
  },
  {
    value: 'mailings',
    label: 'Mailings',
    title: 'Mailings',
    description: "Each month's postcard: sales dates, what sold, and production status.",
  },
  {
    value: 'artwork',
    label: 'Artwork',
    title: 'Artwork',
    description: "Collect and check each buyer's artwork, and download the month's proof.",
  },
  { value: 'orders', label: 'Orders', title: 'Orders', description: 'View and manage customer orders.' },
  {
    value: 'advertisers',
    label: 'Advertisers',
    title: 'Advertisers',
    description: 'Every business that bought or asked: its mailings, what it paid, its notes and e-mails.',
  },
  {
    value: 'manual-orders',
    label: 'Manual Orders',
    title: 'Manual Orders',
    description: 'Create a calendar day order by hand.',
  },
  {
    value: 'manual-map-icon-orders',
    label: 'Map Icons',
    title: 'Map Icons',
    description: "The icon catalogue, each mailing's icon stock, and map icon orders made by hand.",
  },
  {
    value: 'media',
    label: 'Media',
    title: 'Media',
    description: 'Manage the calendar example, map example and postcard images.',
  },
  { value: 'blog', label: 'Blog', title: 'Blog Posts', description: 'Manage blog posts for your website.' },
  {
    value: 'inbox',
    label: 'Inbox',
    title: 'Inbox',
    description: 'Contact inquiries and waitlist sign-ups.',
  },
  {
    value: 'emails',
    label: 'E-mails',
    title: 'E-mails',
    description: 'Every e-mail the site sent or queued, and its state.',
  },
  {
    value: 'settings',
    label: 'Settings',
    title: 'Settings',
    description: 'Choose the site font and the default calendar month.',
  },
] as const

export type AdminSection = (typeof adminSections)[number]['value']

export const DEFAULT_ADMIN_SECTION: AdminSection = 'calendar'

export function toAdminSection(value: string | undefined): AdminSection {
  return adminSections.find((s) => s.value === value)?.value ?? DEFAULT_ADMIN_SECTION
}
