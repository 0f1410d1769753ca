import { and, asc, eq, inArray, ne, type SQL, sql } from 'drizzle-orm';

import { mwToCenti } from '@stoa/shared/common';

import type { DbOrTx } from '../../platform/db/client';
import { traderAssociations } from '../traders/traders.tables';
import { registrations } from './registrations.tables';

/**
 * Registrations as the applications domain sees them: a party to an application (seller, buyer or
 * trader). The form values an application needs are read out of the registration's values here, by
 * name, so the registration form's keys stay inside this module (issue 12).
 */
export interface PartyRecord {
  id: string;
  entityType: string;
  status: string;
  ownerUserId: string;
  entityName: string;
  registrationNo: string | null;
  discomId: string | null;
  transcoId: string | null;
  validFrom: string | null;
  expiredOn: string | null;
  /** The registered STOA injection quantum in 0.01 MW: null when not given, 0 when malformed. */
  stoaInjectionQuantumCenti: number | null;
  /** The registered STOA drawal quantum in 0.01 MW: null when not given, 0 when malformed. */
  stoaDrawlQuantumCenti: number | null;
  /** Installed capacity in 0.01 MW: null when not given, 0 when malformed. */
  installedCapacityCenti: number | null;
  /** Contract demand in 0.01 MW: null when not given, 0 when malformed. */
  contractDemandCenti: number | null;
  /** The injection substation (trimmed), the seller's end of an application's path (decision 0011). */
  injectionSubstation: string | null;
  /** The drawal substation (trimmed), the buyer's end of an application's path. */
  drawalSubstation: string | null;
  injectionVoltage: string | null;
  drawalVoltage: string | null;
  generatorType: string | null;
  isRe: string | null;
  consumerNumber: string | null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const r = registrations;

/** A quantum stored in a registration's values (number or text, MW) in centi-MW; 0 when absent or malformed. */
function quantumCenti(value: unknown): number {
  if (typeof value !== 'number' && typeof value !== 'string') return 0;
  try {
    return Math.max(mwToCenti(value), 0);
  } catch {
    return 0;
  }
}

/** A MW value of the form in centi-MW; null when not given (absent or empty). */
const centiOrNull = (value: unknown) => (value === undefined || value === null || value === '' ? null : quantumCenti(value));
/** A text value of the form, trimmed (a number as its text); null when not given. */
const textOrNull = (value: unknown) =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : typeof value === 'number' ? String(value) : null;

const columns = {
  id: r.id,
  entityType: r.entityType,
  status: r.status,
  ownerUserId: r.ownerUserId,
  entityName: r.entityName,
  registrationNo: r.registrationNo,
  data: r.data,
  discomId: r.discomId,
  transcoId: r.transcoId,
  validFrom: r.validFrom,
  expiredOn: r.expiredOn,
};

/** The form values a party carries, by name (the only place that knows the registration form's keys). */
function formValues(data: Record<string, unknown>) {
  return {
    stoaInjectionQuantumCenti: centiOrNull(data.stoaInjectionQuantum),
    stoaDrawlQuantumCenti: centiOrNull(data.stoaDrawlQuantum),
    installedCapacityCenti: centiOrNull(data.installedCapacity),
    contractDemandCenti: centiOrNull(data.contractDemand),
    injectionSubstation: textOrNull(data.injectionSubstation),
    drawalSubstation: textOrNull(data.drawalSubstation),
    injectionVoltage: textOrNull(data.injectionVoltage),
    drawalVoltage: textOrNull(data.drawalVoltage),
    generatorType: textOrNull(data.generatorType),
    isRe: textOrNull(data.isRe),
    consumerNumber: textOrNull(data.consumerNumber),
  };
}

type PartyRow = Omit<PartyRecord, keyof ReturnType<typeof formValues>> & { data: Record<string, unknown> };
const partyOf = ({ data, ...rest }: PartyRow): PartyRecord => ({ ...rest, ...formValues(data) });

/** An element key in SQL exactly as `atcElementKey` computes it (trim, collapse spaces, lower case). */
const keyOf = (text: SQL) => sql`lower(regexp_replace(btrim(${text}), '\\s+', ' ', 'g'))`;

/** Registrations as parties to applications (see PartyRecord). */
export const partiesRepository = {
  async byIds(db: DbOrTx, ids: (string | null | undefined)[]): Promise<Map<string, PartyRecord>> {
    const valid = [...new Set(ids.filter((id): id is string => !!id && UUID.test(id)))];
    if (valid.length === 0) return new Map();
    const rows = await db.select(columns).from(r).where(inArray(r.id, valid));
    return new Map(rows.map((x) => [x.id, partyOf(x)]));
  },

  /** Approved registrations of the entity types, by name (GetSellers, GetBuyers and the trader variants). */
  async approvedOfTypes(db: DbOrTx, entityTypes: readonly string[]): Promise<PartyRecord[]> {
    if (entityTypes.length === 0) return [];
    const rows = await db
      .select(columns)
      .from(r)
      .where(and(eq(r.status, 'Approved'), inArray(r.entityType, [...entityTypes])))
      .orderBy(asc(r.entityName), asc(r.id));
    return rows.map(partyOf);
  },

  /** Approved non-trader registrations owned by the users (GetAvailableRegistrations). */
  async approvedOfOwners(db: DbOrTx, ownerUserIds: string[]): Promise<PartyRecord[]> {
    if (ownerUserIds.length === 0) return [];
    const rows = await db
      .select(columns)
      .from(r)
      .where(and(eq(r.status, 'Approved'), ne(r.entityType, 'Trader'), inArray(r.ownerUserId, ownerUserIds)))
      .orderBy(asc(r.entityName), asc(r.id));
    return rows.map(partyOf);
  },

  /**
   * The registrations (any status) whose injection substation, and those whose drawal substation,
   * is the ATC element of `elementKey` (matched as `atcElementKey` matches): the sellers and the
   * buyers whose applications' paths use the element (decision 0011).
   */
  async idsOnElement(db: DbOrTx, elementKey: string): Promise<{ injecting: string[]; drawing: string[] }> {
    const rows = await db
      .select({
        id: r.id,
        injecting: sql<boolean>`${keyOf(sql`${r.data}->>'injectionSubstation'`)} = ${elementKey}`,
        drawing: sql<boolean>`${keyOf(sql`${r.data}->>'drawalSubstation'`)} = ${elementKey}`,
      })
      .from(r)
      .where(
        sql`(${keyOf(sql`${r.data}->>'injectionSubstation'`)} = ${elementKey} or ${keyOf(sql`${r.data}->>'drawalSubstation'`)} = ${elementKey})`,
      );
    return { injecting: rows.filter((x) => x.injecting).map((x) => x.id), drawing: rows.filter((x) => x.drawing).map((x) => x.id) };
  },

  /** Whether the user owns an Approved Trader registration. */
  async hasApprovedTraderRegistration(db: DbOrTx, userId: string): Promise<boolean> {
    const rows = await db
      .select({ id: r.id })
      .from(r)
      .where(and(eq(r.ownerUserId, userId), eq(r.entityType, 'Trader'), eq(r.status, 'Approved')))
      .limit(1);
    return rows.length > 0;
  },

  /**
   * The trader user's links to applicants: each active association of an applicant with one of
   * the user's Approved Trader registrations.
   */
  async traderLinks(db: DbOrTx, traderUserId: string): Promise<{ traderRegistrationId: string; applicantUserId: string }[]> {
    return db
      .select({ traderRegistrationId: r.id, applicantUserId: traderAssociations.applicantUserId })
      .from(traderAssociations)
      .innerJoin(r, eq(r.id, traderAssociations.traderRegistrationId))
      .where(
        and(
          eq(r.ownerUserId, traderUserId),
          eq(r.entityType, 'Trader'),
          eq(r.status, 'Approved'),
          sql`${traderAssociations.deletedOn} is null`,
        ),
      )
      .orderBy(asc(traderAssociations.createdOn));
  },

  /** The applicant's traders: Approved Trader registrations with an active association. */
  async tradersOfApplicant(db: DbOrTx, applicantUserId: string, traderRegistrationId?: string) {
    const conds: SQL[] = [
      eq(traderAssociations.applicantUserId, applicantUserId),
      sql`${traderAssociations.deletedOn} is null`,
      eq(r.entityType, 'Trader'),
      eq(r.status, 'Approved'),
    ];
    if (traderRegistrationId) {
      if (!UUID.test(traderRegistrationId)) return [];
      conds.push(eq(r.id, traderRegistrationId));
    }
    return db
      .selectDistinct({ id: r.id, entityName: r.entityName, ownerUserId: r.ownerUserId, registrationNo: r.registrationNo })
      .from(traderAssociations)
      .innerJoin(r, eq(r.id, traderAssociations.traderRegistrationId))
      .where(and(...conds))
      .orderBy(asc(r.entityName), asc(r.id));
  },
};
