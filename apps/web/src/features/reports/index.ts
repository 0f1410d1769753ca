/** The reports feature's public entry: what other features may import (docs/architecture.md, import rules). */
export { reportsQueries } from './api/reports-queries';
