/** The payments feature's public entry: what other features may import (docs/architecture.md, import rules). */
export { paymentsQueries } from './api/payments-queries';
