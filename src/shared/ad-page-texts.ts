/** The words of the advertiser's page on this site (/ads/{code}), in a module of its own: the page loads nothing else. */
export const AD_PAGE_TEXTS = {
  loading: 'Loading...',
  notFound: 'This link is no longer active.',
  home: 'Go to the home page',
  loadFailed: 'This page could not be loaded. Please try again.',
  tryAgain: 'Try again',
  call: 'Call',
  website: 'Website',
} as const
