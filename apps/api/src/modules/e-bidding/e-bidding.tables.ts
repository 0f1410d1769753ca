import { sql } from 'drizzle-orm';
import { check, date, index, integer, jsonb, pgSequence, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

import type { InvitationStatus, InvitedApplicationStatus, ProposalStatus } from '@stoa/shared/e-bidding';

import { dues } from '../configuration/configuration.tables';
import { applications } from '../applications/applications.tables';
import { users } from '../users/users.tables';

/** Invitation numbers `EB/{yyyy}/{000123}`, issued when a draft is first saved. */
export const eBiddingInvitationNoSeq = pgSequence('ebidding_invitation_no_seq', { startWith: 1 });

/** The free-text parts of Form ST2 (declarations, element descriptions). */
export interface InvitationTexts {
  subStationDetails: string | null;
  transmissionSystemDetails: string | null;
  nameOfTransmissionSystem: string | null;
  availableMarginSubstation: string | null;
  place: string | null;
  date: string | null;
  authorizedPersonName: string | null;
  authorizedPersonDesignation: string | null;
}

/**
 * Form ST2 invitations (DOMAIN.md §4, decision 0015). Quantities in centi-MW, prices in
 * ten-thousandths of a rupee per kWh. `deadlineAt` = last date of submission + deadline time (IST);
 * every deadline comparison is made against the database clock (`now()`).
 */
export const eBiddingInvitations = pgTable(
  'ebidding_invitations',
  {
    id: uuid()
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    bidInvitationNo: text().notNull(),
    status: text().$type<InvitationStatus>().notNull(),
    version: integer().notNull().default(1),
    dateOfInvitation: date({ mode: 'string' }),
    congestionFromDate: date({ mode: 'string' }),
    congestionToDate: date({ mode: 'string' }),
    /** 'HH:mm' from the 15-minute time list; the window applies on every day of the period. */
    congestionFromTime: text(),
    congestionToTime: text(),
    availableMarginCenti: integer(),
    lastDateOfSubmission: date({ mode: 'string' }),
    deadLine: text(),
    deadlineAt: timestamp({ withTimezone: true }),
    bidOpeningDate: date({ mode: 'string' }),
    bidOpeningTime: text(),
    bidOpeningAt: timestamp({ withTimezone: true }),
    floorPriceTt: integer(),
    texts: jsonb().$type<InvitationTexts>().notNull(),
    createdBy: uuid()
      .notNull()
      .references(() => users.id),
    sentBy: uuid().references(() => users.id),
    sentAt: timestamp({ withTimezone: true }),
    processedBy: uuid().references(() => users.id),
    processedAt: timestamp({ withTimezone: true }),
    reminderSentAt: timestamp({ withTimezone: true }),
    /** Set once the deemed withdrawals after the deadline were recorded (job or processing). */
    closedAt: timestamp({ withTimezone: true }),
    createdOn: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedOn: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('ebidding_invitations_no_uq').on(t.bidInvitationNo),
    index('ebidding_invitations_created_idx').on(t.createdOn, t.id),
    index('ebidding_invitations_status_deadline_idx').on(t.status, t.deadlineAt),
    check('ebidding_invitations_status_ck', sql`${t.status} in ('Draft', 'Initiated', 'Submitted', 'Completed', 'Expired')`),
    check('ebidding_invitations_margin_ck', sql`${t.availableMarginCenti} is null or ${t.availableMarginCenti} >= 0`),
    check('ebidding_invitations_floor_ck', sql`${t.floorPriceTt} is null or ${t.floorPriceTt} >= 0`),
    check(
      'ebidding_invitations_sent_ck',
      sql`${t.status} = 'Draft' or (${t.deadlineAt} is not null and ${t.floorPriceTt} is not null and ${t.availableMarginCenti} is not null)`,
    ),
  ],
);
export type InvitationRecord = typeof eBiddingInvitations.$inferSelect;

/**
 * The applications an invitation names (the affected, congested applications). An application is
 * in at most one live invitation (checked under lock); its applied quantum is the most it asks for
 * in one block of the congestion period.
 */
export const eBiddingApplications = pgTable(
  'ebidding_applications',
  {
    id: uuid()
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    invitationId: uuid()
      .notNull()
      .references(() => eBiddingInvitations.id, { onDelete: 'cascade' }),
    applicationId: uuid()
      .notNull()
      .references(() => applications.id),
    position: integer().notNull(),
    appliedCenti: integer().notNull(),
    status: text().$type<InvitedApplicationStatus>().notNull().default('Invited'),
    allocatedCenti: integer(),
    applicablePriceTt: integer(),
    dueId: uuid().references(() => dues.id),
  },
  (t) => [
    uniqueIndex('ebidding_applications_invitation_application_uq').on(t.invitationId, t.applicationId),
    index('ebidding_applications_application_idx').on(t.applicationId),
    check('ebidding_applications_status_ck', sql`${t.status} in ('Invited', 'Withdrawn', 'Allocated', 'PartiallyAllocated', 'Rejected')`),
  ],
);
export type InvitedApplicationRecord = typeof eBiddingApplications.$inferSelect;

/**
 * Form ST3 proposals: one per invited application (unique), sealed: the quoted price is shown to
 * SLDC staff only after the deadline. `submittedAt` is the database clock of the submitting
 * transaction and never after the invitation's deadline.
 */
export const eBiddingProposals = pgTable(
  'ebidding_proposals',
  {
    id: uuid()
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    invitationId: uuid()
      .notNull()
      .references(() => eBiddingInvitations.id, { onDelete: 'cascade' }),
    eBiddingApplicationId: uuid()
      .notNull()
      .references(() => eBiddingApplications.id, { onDelete: 'cascade' }),
    applicationId: uuid()
      .notNull()
      .references(() => applications.id),
    status: text().$type<ProposalStatus>().notNull(),
    quotedPriceTt: integer().notNull(),
    place: text(),
    authorizedPersonName: text(),
    authorizedPersonDesignation: text(),
    createdBy: uuid()
      .notNull()
      .references(() => users.id),
    submittedBy: uuid().references(() => users.id),
    submittedAt: timestamp({ withTimezone: true }),
    createdOn: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedOn: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('ebidding_proposals_application_uq').on(t.eBiddingApplicationId),
    index('ebidding_proposals_invitation_idx').on(t.invitationId, t.status),
    index('ebidding_proposals_created_by_idx').on(t.createdBy, t.updatedOn),
    check('ebidding_proposals_status_ck', sql`${t.status} in ('Draft', 'Submitted', 'Completed', 'Expired')`),
    check('ebidding_proposals_price_ck', sql`${t.quotedPriceTt} >= 0`),
    check('ebidding_proposals_submitted_ck', sql`${t.status} in ('Draft', 'Expired') or ${t.submittedAt} is not null`),
  ],
);
export type ProposalRecord = typeof eBiddingProposals.$inferSelect;
