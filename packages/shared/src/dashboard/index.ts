/** @stoa/shared/dashboard: the role dashboard's contracts and rules (one entry per domain; see docs/architecture.md). */
export * from './dashboard.endpoints';
export * from './dashboard.schemas';
export * from './dashboard.inter-state';
