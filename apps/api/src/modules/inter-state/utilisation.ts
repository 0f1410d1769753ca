/**
 * Utilisation of standing clearances (issue 14, decision 0063): the SLDC business user uploads the
 * power exchange's cleared volumes (File/Upload?formName=StandingClearanceUtilisation) for power-exchange
 * clearances, or the NOAR schedule (formName=StandingClearanceNoarSchedule, decision 0077) for bilateral
 * ones, read with the ATC upload's reader; every row error is answered at once and nothing is kept, else
 * every clearance's day and direction is stored with its source (a re-upload replaces it; the NOAR rows of
 * one clearance, day and direction are summed) in one transaction with an audit row, and a day newly over
 * the cap is notified once (utilisation-caps.ts). Each clearance then shows per day its largest block
 * against the cap, and a warning when a block is above the cap of its block range or the overall cap.
 */
import { randomUUID } from 'node:crypto';

import { centiToMw, groupFieldErrors } from '@stoa/shared/common';
import {
  type StandingClearanceType,
  UTILISATION_CERTIFICATE_HEADER,
  UTILISATION_DATE_HEADER,
  UTILISATION_DIRECTION_HEADER,
  UTILISATION_FILE_EXTENSIONS,
  UTILISATION_MAX_ROWS,
  UTILISATION_MAX_XLSX_UNPACKED_BYTES,
  type Utilisation,
  type UtilisationSource,
  type UtilisationUploadResult,
} from '@stoa/shared/inter-state';
import { enInterState, enUtilisation } from '@stoa/shared/messages';

import type { RequestUser } from '../../platform/auth';
import { inTransaction } from '../../platform/db/transaction';
import { AppError } from '../../platform/errors';
import type { RequestMeta } from '../account/account.service';
import { UnreadableFileError } from '../atc/atc.reader';
import { readUploadedTable, uploadedFileError as fileError } from '../files/uploaded-table';
import { type InterStateDeps, notFound, scopeOf } from './standing-clearance.access';
import { standingClearanceRepository } from './standing-clearance.repository';
import { alertOverCap, blocksOverCap, capsOfBlocks } from './utilisation-caps';
import { parseUtilisationRows, TooManyUtilisationRowsError, type UtilisationLine, type UtilisationRowError } from './utilisation.parser';
import { type UtilisationTarget, utilisationRepository as repo, type UtilisationWrite } from './utilisation.repository';

const T = enUtilisation;
/** Owner type of a saved cleared-volume file (files.attach): the SLDC roles may read it. */
export const UTILISATION_OWNER_TYPE = 'StandingClearanceUtilisation';
/** The clearance type each source is for. */
const TYPE_OF_SOURCE: Record<UtilisationSource, StandingClearanceType> = { PowerExchange: 'PowerExchange', Noar: 'Bilateral' };
const USABLE_STATUSES = ['Issued', 'Expired'];
const display = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;

async function readFile(deps: InterStateDeps, actor: RequestUser, fileId: string, source: UtilisationSource) {
  try {
    const read = await readUploadedTable(
      deps.files,
      actor,
      fileId,
      {
        extensions: UTILISATION_FILE_EXTENSIONS,
        maxUnpackedBytes: UTILISATION_MAX_XLSX_UNPACKED_BYTES,
        tooLargeUnpacked: T.file.tooLargeUnpacked,
      },
      (rows) => parseUtilisationRows(rows, { noar: source === 'Noar' }),
    );
    if (read.parsed.rowCount === 0 && read.parsed.errorCount === 0) throw fileError(source === 'Noar' ? T.file.noRowsNoar : T.file.noRows);
    return read;
  } catch (err) {
    if (err instanceof UnreadableFileError) throw fileError(T.file.unreadable);
    if (err instanceof TooManyUtilisationRowsError) throw fileError(T.file.tooManyRows(UTILISATION_MAX_ROWS));
    throw err;
  }
}

const statusWord = (s: string) => s.toLowerCase();

/**
 * The clearance a line names: by certificate number, or by the entity's registration number the one
 * whose validity covers the date (preferring an issued one). An error (column, message) otherwise.
 */
export function resolveLine(
  line: UtilisationLine,
  targets: UtilisationTarget[],
  source: UtilisationSource = 'PowerExchange',
): UtilisationTarget | [string, string] {
  const byCertificate = targets.find((t) => t.certificateNo?.toUpperCase() === line.number);
  let target = byCertificate;
  if (!target) {
    const ofEntity = targets.filter((t) => t.registrationNo?.toUpperCase() === line.number);
    if (ofEntity.length === 0) return [UTILISATION_CERTIFICATE_HEADER, T.rows.certificateUnknown(line.number)];
    const covering = ofEntity.filter((t) => t.validFrom <= line.date && line.date <= t.validTo);
    const usable = covering.filter((t) => USABLE_STATUSES.includes(t.status));
    if (usable.length > 1) return [UTILISATION_CERTIFICATE_HEADER, T.rows.certificateAmbiguous(line.number)];
    target = usable[0] ?? covering[0] ?? ofEntity.at(-1)!;
  }
  const no = target.certificateNo ?? target.applicationNo;
  if (target.transactionType !== TYPE_OF_SOURCE[source])
    return [
      UTILISATION_CERTIFICATE_HEADER,
      T.rows.wrongType(no, enInterState.standingClearance.typeLabels[target.transactionType as StandingClearanceType].toLowerCase()),
    ];
  if (!USABLE_STATUSES.includes(target.status)) return [UTILISATION_CERTIFICATE_HEADER, T.rows.notInForce(no, statusWord(target.status))];
  if (line.date < target.validFrom || line.date > target.validTo)
    return [UTILISATION_DATE_HEADER, T.rows.outsideValidity(no, display(target.validFrom), display(target.validTo))];
  const cap = line.direction === 'Buy' ? target.maxBuyCenti : target.maxSellCenti;
  if (cap === null) return [UTILISATION_DIRECTION_HEADER, T.rows.directionNotCleared(no, line.direction === 'Buy' ? 'buy' : 'sell')];
  return target;
}

const rowErrors = (errors: UtilisationRowError[], count: number) =>
  new AppError(
    'VALIDATION_FAILED',
    T.file.rowErrors(count),
    groupFieldErrors(errors.map((e) => ({ fieldName: `rows.${e.row}.${e.column}`, message: e.message }))),
  );

/**
 * UploadUtilisation (`PowerExchange`) and UploadNoarSchedule (`Noar`): every row error (400, nothing kept),
 * else every line stored in one transaction with its audit row and the over-cap notifications.
 */
export async function uploadUtilisation(
  deps: InterStateDeps,
  actor: RequestUser,
  fileId: string,
  meta: RequestMeta,
  source: UtilisationSource = 'PowerExchange',
): Promise<UtilisationUploadResult> {
  const { fileName, parsed } = await readFile(deps, actor, fileId, source);
  const errors = [...parsed.errors];
  let errorCount = parsed.errorCount;
  const targets = await repo.targets(deps.db, [...new Set(parsed.lines.map((l) => l.number))]);
  const writes: UtilisationWrite[] = [];
  for (const line of parsed.lines) {
    const target = resolveLine(line, targets, source);
    if (Array.isArray(target)) {
      errorCount++;
      errors.push({ row: line.row, column: target[0], message: target[1] });
    } else writes.push({ standingClearanceId: target.id, date: line.date, direction: line.direction, blocks: line.blocks });
  }
  const noarNos = parsed.lines.map((l) => l.noarNo ?? '');
  if (errorCount > 0) throw rowErrors(errors.sort((a, b) => a.row - b.row).slice(0, 1_000), errorCount);
  // Two numbers of one clearance (certificate and registration) on the same day and direction.
  const seen = new Map<string, number>();
  for (const [i, w] of writes.entries()) {
    const key = `${w.standingClearanceId}|${w.date}|${w.direction}|${noarNos[i]}`;
    const first = seen.get(key);
    if (first !== undefined)
      errors.push({
        row: parsed.lines[i]!.row,
        column: UTILISATION_CERTIFICATE_HEADER,
        message: source === 'Noar' ? T.rows.duplicateNoar(first) : T.rows.duplicate(first),
      });
    else seen.set(key, parsed.lines[i]!.row);
  }
  if (errors.length > 0) throw rowErrors(errors, errors.length);
  // The NOAR schedule lists each approved transaction: a clearance's day and direction is their sum.
  const summed = new Map<string, UtilisationWrite>();
  for (const w of writes) {
    const key = `${w.standingClearanceId}|${w.date}|${w.direction}`;
    const have = summed.get(key);
    if (!have) summed.set(key, { ...w, blocks: Int32Array.from(w.blocks) });
    else w.blocks.forEach((v, b) => (have.blocks[b] = have.blocks[b]! + v));
  }
  writes.splice(0, writes.length, ...summed.values());
  const dates = writes.map((w) => w.date).sort();
  const uploadId = randomUUID();
  return inTransaction(deps.db, async (tx) => {
    const { inserted, replaced } = await repo.upsert(tx, writes, { fileId, userId: actor.id, now: deps.clock.now(), source });
    await deps.files.attach(tx, actor, fileId, { ownerType: UTILISATION_OWNER_TYPE, ownerId: uploadId }, meta);
    const overCapDays = await alertOverCap(deps, tx, writes, new Map(targets.map((t) => [t.id, t])));
    const result: UtilisationUploadResult = {
      fileName,
      rowCount: parsed.lines.length,
      insertedCount: inserted,
      replacedCount: replaced,
      clearanceCount: new Set(writes.map((w) => w.standingClearanceId)).size,
      dateFrom: dates[0]!,
      dateTo: dates.at(-1)!,
      overCapDays,
    };
    await deps.audit.record(tx, {
      actor: { id: actor.id, role: actor.role },
      action: 'STANDING_CLEARANCE_UTILISATION_UPLOADED',
      entity: 'StandingClearanceUtilisation',
      entityId: uploadId,
      after: { fileId, source, ...result },
      requestId: meta.requestId,
    });
    return result;
  });
}

/** GetUtilisation/{id}: per day and direction the largest block against the cap (same record policy as Get). */
export async function getUtilisation(deps: InterStateDeps, actor: RequestUser, id: string): Promise<Utilisation> {
  const { scope } = await scopeOf(deps.db, actor);
  const c = await standingClearanceRepository.findVisible(deps.db, scope, id);
  if (!c) throw notFound();
  const days = (await repo.days(deps.db, id)).map((d) => {
    const cap = (d.direction === 'Buy' ? c.maxBuyCenti : c.maxSellCenti) ?? 0;
    const over = blocksOverCap(d.blocks, capsOfBlocks(c, d.direction));
    return {
      date: d.date,
      direction: d.direction,
      source: d.source,
      maxMw: centiToMw(Math.max(0, ...d.blocks)),
      capMw: centiToMw(cap),
      blocksOverCap: over,
      warning: over.length > 0,
    };
  });
  return {
    standingClearanceId: c.id,
    certificateNo: c.certificateNo,
    maxBuyMw: c.maxBuyCenti === null ? null : centiToMw(c.maxBuyCenti),
    maxSellMw: c.maxSellCenti === null ? null : centiToMw(c.maxSellCenti),
    days,
    warningCount: days.filter((d) => d.warning).length,
  };
}
