/**
 * The facts that make one Townflyer site belong to one town (ARCHITECTURE.md "Exact texts").
 * The server builds the real values from the environment (src/server/env.ts) and hands the public part
 * to the browser inside index.html; these defaults are what a fresh checkout shows.
 */
export type SiteConfig = {
  productName: string
  town: string
  region: string
  contactEmail: string
  contactPhone: string
  socialUrl: string
  socialLabel: string
  professionalUrl: string
  networkName: string
  networkMembersUrl: string
  /** The map team's name, the default author of blog posts. */
  mapTeamName: string
  /** How many homes the postcard reaches: about 5,000. */
  reach: number
}

export const defaultSiteConfig: SiteConfig = {
  productName: 'Townflyer',
  town: 'Springfield',
  region: 'Greene County',
  contactEmail: 'hello@townflyer.example',
  contactPhone: '(555) 010-0123',
  socialUrl: 'https://www.facebook.com/townflyer',
  socialLabel: 'Facebook',
  professionalUrl: 'https://www.linkedin.com/company/townflyer',
  networkName: 'Young Executives Network',
  networkMembersUrl: 'https://www.example.org/young-executives/members',
  mapTeamName: 'Townflyer Map Team',
  reach: 5000,
}

/** The id of the JSON script element the server fills with the public site config. */
export const SITE_CONFIG_ELEMENT_ID = 'site-config'
