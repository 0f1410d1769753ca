/** @stoa/shared/account: the account domain's contracts and rules (one entry per domain; see docs/architecture.md). */
export * from './account.endpoints';
export * from './account.schemas';
export * from './roles';
