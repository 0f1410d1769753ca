/** The configuration feature's public entry: what other features may import (docs/architecture.md, import rules). */
export { configurationQueries, type ChargeKind } from './api/configuration-queries';
