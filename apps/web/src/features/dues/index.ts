/** The dues feature's public entry: what other features may import (docs/architecture.md, import rules). */
export { hasDues } from './api/dues-queries';
export { DuesCard } from './components/dues-card';
