/** @stoa/shared/notifications: the notifications domain's contracts and rules (one entry per domain; see docs/architecture.md). */
export * from './notifications.endpoints';
export * from './notifications.schemas';
