/** @stoa/shared/files: the files domain's contracts and rules (one entry per domain; see docs/architecture.md). */
export * from './files.endpoints';
export * from './files.schemas';
