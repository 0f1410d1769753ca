/** What curtailment shows (decision 0014): the elements of a date, the preview, the list and one curtailment. */
import {
  type CurtailmentDetail,
  type CurtailmentInputValues,
  type CurtailmentList,
  type CurtailmentListQuery,
  type CurtailmentPreview,
  DEFAULT_CURTAILMENT_ORDER,
  isCurtailmentOrder,
} from '@stoa/shared/curtailment';
import { centiBlocksToMwh } from '@stoa/shared/common';
import { LOAD_CENTRE_ROLES } from '@stoa/shared/account';

import type { RequestUser } from '../../platform/auth';
import { notFound } from '../../platform/errors';
import { viewerOf } from '../applications/applications.access';
import { curtailmentRepository as repo } from './curtailment.repository';
import { checkWhen, type CurtailmentDeps, headerOf, itemOut, plan, previewOf, refundTotal, sumOf } from './plan';

/** GetElements?date: the intra-state elements with a margin on the date, and the order in force. */
export async function curtailmentElements(deps: CurtailmentDeps, date: string) {
  const rows = await repo.elementsOn(deps.db, date);
  const setting = await deps.configuration.settingOn(deps.db, 'curtailmentOrder', date);
  return { elementList: rows, order: isCurtailmentOrder(setting) ? setting : DEFAULT_CURTAILMENT_ORDER };
}

/** Preview: what the curtailment would do now (nothing saved). */
export async function previewCurtailment(deps: CurtailmentDeps, input: CurtailmentInputValues): Promise<CurtailmentPreview> {
  checkWhen(deps, input);
  return previewOf(input, await plan(deps, deps.db, input, false));
}

/** GetAll: the curtailments in the caller's scope, newest date first. */
export async function listCurtailments(deps: CurtailmentDeps, actor: RequestUser, q: CurtailmentListQuery): Promise<CurtailmentList> {
  const v = await viewerOf(deps.db, actor);
  const { rows, total } = await repo.list(deps.db, v, q);
  return {
    curtailmentList: rows.map((r) => ({
      ...headerOf(r.curtailment),
      applicationCount: r.applicationCount,
      curtailedMwh: centiBlocksToMwh(r.curtailedCentiBlocks),
      refundAmount: r.refundPaise,
      createdOn: r.curtailment.createdOn.toISOString(),
    })),
    dataCount: total,
  };
}

/** One curtailment: the SLDC roles see every item, an applicant or trader only its own (404 if none). */
export async function curtailmentDetail(deps: CurtailmentDeps, actor: RequestUser, id: string): Promise<CurtailmentDetail> {
  const v = await viewerOf(deps.db, actor);
  const found = await repo.findById(deps.db, id);
  if (!found) throw notFound('curtailment');
  const items = await repo.items(deps.db, v, id);
  const sldc = (LOAD_CENTRE_ROLES as readonly string[]).includes(v.role);
  if (!sldc && items.length === 0) throw notFound('curtailment');
  const r = found.curtailment;
  const itemList = items.map((i) =>
    itemOut(
      {
        row: {
          applicationId: i.item.applicationId,
          applicationNo: i.applicationNo,
          type: i.type,
          applicantName: i.applicantName,
          sellerName: i.sellerName,
          buyerName: i.buyerName,
        },
        before: i.item.before,
        after: i.item.after,
        centiBlocks: i.item.curtailedCentiBlocks,
        refundPaise: i.item.refundPaise,
      },
      r.fromBlock,
      r.toBlock,
    ),
  );
  return {
    ...headerOf(r),
    order: r.curtailmentOrder,
    remarks: r.remarks,
    createdByName: sldc ? found.createdByName : null,
    createdOn: r.createdOn.toISOString(),
    curtailedMwh: centiBlocksToMwh(sldc ? r.curtailedCentiBlocks : sumOf(items.map((i) => i.item.curtailedCentiBlocks))),
    refundAmount: sldc ? r.refundPaise : r.refundPaise === null ? null : refundTotal(items.map((i) => i.item.refundPaise)),
    refundNote: r.refundNote,
    itemList,
  };
}
