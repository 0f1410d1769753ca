/** '₹ 5,900.00' for an amount in paise (Indian digit grouping). */
export { formatPaise } from '../../../lib/money';
