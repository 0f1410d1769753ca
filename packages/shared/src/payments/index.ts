/** @stoa/shared/payments: the payments domain's contracts and rules (one entry per domain; see docs/architecture.md). */
export * from './tds.endpoints';
export * from './tds.schemas';
export * from './payments.endpoints';
export * from './payments.schemas';
export * from './receipts.schemas';
export * from './refunds.endpoints';
export * from './refunds.schemas';
export * from './reconciliation.endpoints';
export * from './reconciliation.schemas';
export * from './defaulters.schemas';
export * from './tds-challans.endpoints';
export * from './tds-challans.schemas';
