/**
 * Curtailment by the SLDC (issue 5; decision 0014). The module's table of contents: plan.ts (what a
 * curtailment does: affected schedules, cuts, refunds), create.ts (applying it in one transaction),
 * reads.ts (elements, preview, list, detail), curtailment.repository.ts (all SQL of its tables).
 */
import type { CurtailmentInputValues, CurtailmentListQuery } from '@stoa/shared/curtailment';

import type { RequestUser } from '../../platform/auth';
import type { RequestMeta } from '../account/account.service';
import { createCurtailment } from './create';
import type { CurtailmentDeps } from './plan';
import { curtailmentDetail, curtailmentElements, listCurtailments, previewCurtailment } from './reads';

export type { CurtailmentDeps } from './plan';

export function createCurtailmentService(deps: CurtailmentDeps) {
  return {
    elements: (date: string) => curtailmentElements(deps, date),
    preview: (input: CurtailmentInputValues) => previewCurtailment(deps, input),
    create: (actor: RequestUser, input: CurtailmentInputValues, meta: RequestMeta) => createCurtailment(deps, actor, input, meta),
    list: (actor: RequestUser, q: CurtailmentListQuery) => listCurtailments(deps, actor, q),
    detail: (actor: RequestUser, id: string) => curtailmentDetail(deps, actor, id),
  };
}

export type CurtailmentService = ReturnType<typeof createCurtailmentService>;
