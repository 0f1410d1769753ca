/** The dashboard feature's public entry: what other features may import (docs/architecture.md, import rules). */
export { hasWaitingWork } from './api/dashboard-queries';
export { WaitingWorkCard } from './components/waiting-work-card';
