/** The blog list shows the first 150 characters of a post, then '...'. */
export const BLOG_PREVIEW_LENGTH = 150

/**
 * Counts characters as code points so an emoji or other astral character is never cut in half;
 * the '...' is added only when something was actually cut off.
 */
export function blogPreview(content: string, limit: number = BLOG_PREVIEW_LENGTH): string {
  const characters = Array.from(content)
  if (characters.length <= limit) return content
  return `${characters.slice(0, limit).join('')}...`
}
