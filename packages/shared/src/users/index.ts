/** @stoa/shared/users: the users domain's contracts and rules (one entry per domain; see docs/architecture.md). */
export * from './users.endpoints';
export * from './users.schemas';
