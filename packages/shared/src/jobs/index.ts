/** @stoa/shared/jobs: the jobs domain's contracts and rules (one entry per domain; see docs/architecture.md). */
export * from './jobs.endpoints';
export * from './jobs.schemas';
