/** Every table of every domain, for Drizzle and drizzle-kit. */
export * from '../../modules/reference/reference.tables';
export * from '../../modules/users/users.tables';
export * from '../../modules/account/account.tables';
export * from '../../modules/audit/audit.tables';
export * from '../mail/mail.tables';
export * from '../../modules/configuration/configuration.tables';
export * from '../../modules/files/files.tables';
export * from '../../modules/notifications/notifications.tables';
export * from '../../modules/configuration/manuals.tables';
export * from '../../modules/registrations/registrations.tables';
export * from '../../modules/traders/traders.tables';
export * from '../../modules/atc/atc.tables';
export * from '../../modules/applications/applications.tables';
export * from '../../modules/revisions/revisions.tables';
export * from '../../modules/curtailment/curtailment.tables';
export * from '../../modules/e-bidding/e-bidding.tables';
export * from '../../modules/payments/payments.tables';
