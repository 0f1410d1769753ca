/** @stoa/shared/traders: the traders domain's contracts and rules (one entry per domain; see docs/architecture.md). */
export * from './traders.endpoints';
export * from './traders.schemas';
