/** The account feature's public entry: what other features may import (docs/architecture.md, import rules). */
export { accountQueries } from './api/account-queries';
