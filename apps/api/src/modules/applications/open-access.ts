/**
 * What one application asks and holds, per day and block: StoaCheck (requested against the margin
 * left on its path) and GetOpenAccessDetails (requested and granted MW; also the .xlsx download).
 */
import {
  APPLICATION_STATUS_LABELS,
  availableOnPath,
  BLOCKS_PER_DAY,
  type OpenAccessDetails,
  type StoaCheck,
} from '@stoa/shared/applications';
import { atcElementKey } from '@stoa/shared/atc';
import { centiBlocksToMwh } from '@stoa/shared/common';
import { enApplications } from '@stoa/shared/messages';

import type { RequestUser } from '../../platform/auth';
import { AppError } from '../../platform/errors';
import { marginsOn } from '../atc/atc.repository';
import { type PartyRecord, partiesRepository } from '../registrations/registrations.parties.repository';
import { actorsOf, type ApplicationsDeps, traderOwnerOf, viewerOf } from './applications.access';
import { applicationsRepository as repo, type ApplicationRecord } from './applications.repository';
import { MODE, mwList, pathOf, remainingMargins, sumOf, usedByDay } from './margins';

const E = enApplications.errors;

/** The application with its seller and buyer, if the caller reads it as a party to it (else 404). */
async function visible(
  deps: ApplicationsDeps,
  actor: RequestUser,
  id: string,
): Promise<{ row: ApplicationRecord; parties: Map<string, PartyRecord> }> {
  const { db } = deps;
  const v = await viewerOf(db, actor);
  const row = await repo.findReadable(db, v, id);
  if (!row) throw new AppError('NOT_FOUND', E.notFound);
  // Scope is the phase 1 record scope; the actors are computed so a trader outside it stays out.
  // An OA applicant reading it as seller or buyer (the counterparty, decision 0021) has no actor.
  const counterparty = v.role === 'OABusinessUser' && row.applicantUserId !== v.id;
  if (!counterparty && actorsOf(v, row, await traderOwnerOf(db, row)).length === 0) throw new AppError('NOT_FOUND', E.notFound);
  return { row, parties: await partiesRepository.byIds(db, [row.sellerRegistrationId, row.buyerRegistrationId]) };
}

/** StoaCheck/{id}: requested vs the margin left on the path (without the application's own holding), per day and block. */
export async function stoaCheck(deps: ApplicationsDeps, actor: RequestUser, id: string): Promise<StoaCheck> {
  const { db } = deps;
  const { row, parties } = await visible(deps, actor, id);
  const seller = parties.get(row.sellerRegistrationId);
  const buyer = parties.get(row.buyerRegistrationId);
  const dayRows = await repo.days(db, row.id);
  const used = await usedByDay(
    db,
    dayRows.map((d) => d.day),
    row.id,
  );
  const path = pathOf(seller, buyer);
  const matchedNames = new Map<string, string>();
  const days: StoaCheck['days'] = [];
  let shortTotal = 0;
  for (const d of dayRows) {
    const raw = await marginsOn(db, MODE, d.day);
    for (const name of raw.keys()) if (!matchedNames.has(atcElementKey(name))) matchedNames.set(atcElementKey(name), name);
    const available = availableOnPath(path, await remainingMargins(db, d.day, used.get(d.day)), BLOCKS_PER_DAY);
    let short = 0;
    for (let b = 0; b < BLOCKS_PER_DAY; b++) if (d.requested[b]! > available[b]!) short++;
    shortTotal += short;
    days.push({ date: d.day, requested: mwList(d.requested), available: mwList(available), shortBlockCount: short });
  }
  const side = (kind: 'Injection' | 'Drawal', substation: string | null) => ({
    side: kind,
    substation,
    element: substation ? (matchedNames.get(atcElementKey(substation)) ?? null) : null,
  });
  return {
    applicationId: row.id,
    applicationNo: row.applicationNo,
    status: row.status,
    path: [side('Injection', seller?.injectionSubstation ?? null), side('Drawal', buyer?.drawalSubstation ?? null)],
    days,
    shortBlockCount: shortTotal,
  };
}

/** GetOpenAccessDetails/{applicationId}: requested and granted MW per day and block. */
export async function openAccessDetails(deps: ApplicationsDeps, actor: RequestUser, id: string): Promise<OpenAccessDetails> {
  const { row, parties } = await visible(deps, actor, id);
  const dayRows = await repo.days(deps.db, row.id);
  let req = 0;
  let gr = 0;
  const processed = dayRows.length > 0 && dayRows.every((d) => d.granted);
  const days = dayRows.map((d) => {
    const r = sumOf(d.requested);
    const g = d.granted ? sumOf(d.granted) : 0;
    req += r;
    gr += g;
    return {
      date: d.day,
      requested: mwList(d.requested),
      granted: d.granted ? mwList(d.granted) : null,
      requestedMwh: centiBlocksToMwh(r),
      grantedMwh: d.granted ? centiBlocksToMwh(g) : null,
    };
  });
  return {
    applicationId: row.id,
    applicationNo: row.applicationNo,
    applicationType: row.type,
    status: row.status,
    statusDescription: APPLICATION_STATUS_LABELS[row.status],
    sellerName: parties.get(row.sellerRegistrationId)?.entityName ?? '',
    buyerName: parties.get(row.buyerRegistrationId)?.entityName ?? '',
    days,
    requestedMwh: centiBlocksToMwh(req),
    grantedMwh: processed ? centiBlocksToMwh(gr) : null,
  };
}
