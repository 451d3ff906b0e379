/**
 * The admin tables at 375 px. Below the 768 px mobile breakpoint each row is laid out as a
 * card, one labelled line per cell (the label comes from the cell's data-label, so the markup stays one
 * semantic table for both widths and for screen readers); at 768 px and up it is the plain table.
 * Scrolling the table sideways hid the price, status and actions off-screen.
 */
export const STACKED_TABLE = 'max-md:block max-md:[&>tbody]:block'

/** The column headers stay for screen readers; on a card every line carries its own label. */
export const STACKED_HEADER = 'max-md:sr-only'

export const STACKED_ROW = 'max-md:block max-md:py-2'

/** A labelled line of the card: give the cell data-label with its column's name. */
export const STACKED_CELL =
  'max-md:flex max-md:min-w-0 max-md:items-center max-md:gap-3 max-md:py-1 max-md:break-words max-md:whitespace-normal max-md:before:w-24 max-md:before:shrink-0 max-md:before:font-semibold max-md:before:text-slate-700 max-md:before:content-[attr(data-label)]'
