import { type AtcMargin, type AtcMarginUpdate, type AtcMode, atcBlockStart, parseAtcMargin } from '@stoa/shared/atc';
import { centiToMw } from '@stoa/shared/common';
import { enAtc } from '@stoa/shared/messages';

import type { RequestUser } from '../../platform/auth';
import { inTransaction } from '../../platform/db/transaction';
import { AppError } from '../../platform/errors';
import type { RequestMeta } from '../account/account.service';
import type { AtcDeps } from './atc.deps';
import { atcRepository as repo, type MarginWithUser } from './atc.repository';

/** The stored margins: the list of a day and the correction of one row's blocks. */

const t = enAtc;

function toMargin(row: MarginWithUser): AtcMargin {
  return {
    id: row.id,
    mode: row.mode,
    marginDate: row.marginDate,
    element: row.element,
    blocks: row.blocks.map(centiToMw),
    version: row.version,
    updatedOn: row.updatedOn.toISOString(),
    updatedBy: row.updatedByName,
  };
}

export async function getMargins(
  deps: Pick<AtcDeps, 'db'>,
  mode: AtcMode,
  q: { date: string; element?: string; pageNumber: number; pageSize: number },
) {
  const { rows, total } = await repo.findMargins(deps.db, mode, q);
  return { marginList: rows.map(toMargin), dataCount: total };
}

/**
 * Corrects blocks of one margin row. The caller sends the version it read: a row changed since
 * is refused (409) rather than overwritten. The audit row holds each changed block's margin
 * before and after. A correction that changes nothing writes nothing.
 */
export async function updateMargin(
  deps: Pick<AtcDeps, 'db' | 'clock' | 'audit'>,
  actor: RequestUser,
  id: string,
  input: AtcMarginUpdate,
  meta: RequestMeta,
): Promise<AtcMargin> {
  await inTransaction(deps.db, async (tx) => {
    const row = await repo.findMarginForUpdate(tx, id);
    if (!row) throw new AppError('NOT_FOUND', t.update.notFound);
    if (row.version !== input.version) throw new AppError('CONFLICT', t.update.stale);
    const blocks = [...row.blocks];
    const before: Record<string, string> = {};
    const after: Record<string, string> = {};
    for (const { block, margin } of input.blocks) {
      const parsed = parseAtcMargin(margin);
      if (!parsed.ok) throw new Error('a correction passed the schema with an invalid margin');
      if (blocks[block - 1] === parsed.centi) continue;
      const label = `${block} (${atcBlockStart(block)})`;
      before[label] = centiToMw(blocks[block - 1]!);
      after[label] = centiToMw(parsed.centi);
      blocks[block - 1] = parsed.centi;
    }
    if (Object.keys(after).length === 0) return;
    const version = row.version + 1;
    await repo.updateBlocks(tx, id, { blocks, version, updatedBy: actor.id, updatedOn: deps.clock.now() });
    const identity = { mode: row.mode, marginDate: row.marginDate, element: row.element };
    await deps.audit.record(tx, {
      actor: { id: actor.id, role: actor.role },
      action: 'ATC_MARGIN_CORRECTED',
      entity: 'AtcMargin',
      entityId: id,
      before: { ...identity, version: row.version, blocks: before },
      after: { ...identity, version, blocks: after },
      requestId: meta.requestId,
    });
  });
  const saved = await repo.findMargin(deps.db, id);
  return toMargin(saved!);
}
