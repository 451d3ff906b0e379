/**
 * Where a buyer reads the refund policy before paying: the guarantee page, linked from the cart, both
 * checkout pages and the test checkout page.
 */
export const REFUND_POLICY_PATH = '/guarantee'
/** The guarantee page says the rest: 30 days from receipt; a full refund, a correction or credit. */
export const REFUND_POLICY_LINK_TEXT = 'Refund policy'
