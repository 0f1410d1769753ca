/** Every table of every domain, for Drizzle and drizzle-kit. */
export * from '../../modules/reference/reference.tables';
export * from '../../modules/users/users.tables';
export * from '../../modules/account/account.tables';
export * from '../../modules/audit/audit.tables';
export * from '../mail/mail.tables';
