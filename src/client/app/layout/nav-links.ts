/** The same links in the desktop bar and the mobile menu, in this order. */
export const navLinks = [
  { to: '/prior-work', label: 'Prior Work' },
  { to: '/non-profits', label: 'Non-Profits' },
  { to: '/pricing', label: 'Pricing' },
  { to: '/calendar', label: 'Calendar' },
  { to: '/blog', label: 'Blog' },
  { to: '/about', label: 'About' },
  { to: '/contact', label: 'Contact' },
  { to: '/special-purchase', label: 'Special Purchase' },
] as const

export const footerLinks = [
  { to: '/', label: 'Home' },
  { to: '/calendar', label: 'Calendar' },
  { to: '/blog', label: 'Blog' },
  { to: '/about', label: 'About' },
  { to: '/contact', label: 'Contact' },
  // Where an advertiser signs in to their orders, receipts and artwork.
  { to: '/account', label: 'Your account' },
] as const
