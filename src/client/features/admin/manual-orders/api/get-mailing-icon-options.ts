import { useMailingIconStock } from '../../mailings/api/mailing-icon-stock'

/** The chosen mailing's own stock of every icon: the Mailings section's icon-stock read, one cache entry. */
export const useMailingIconOptions = useMailingIconStock
