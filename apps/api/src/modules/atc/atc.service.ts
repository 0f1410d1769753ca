import type { AtcMarginUpdate, AtcMode } from '@stoa/shared/atc';

import type { RequestUser } from '../../platform/auth';
import type { RequestMeta } from '../account/account.service';
import type { AtcDeps } from './atc.deps';
import { csvTemplate, type TemplateFile, xlsxTemplate } from './atc.template';
import { getMargins, updateMargin } from './margins';
import { ATC_UPLOAD_OWNER_TYPE, getUploads, upload, validateUpload } from './uploads';

/**
 * ATC margins (spec 001 §2 ATC menu; DOMAIN.md §3 Margin), table of contents: uploads.ts
 * (validate, upload, the upload list), margins.ts (list, correct), atc.parser.ts and atc.reader.ts
 * (reading a file), atc.template.ts; SQL in atc.repository.ts.
 */
export function createAtcService(deps: AtcDeps) {
  deps.files.policy.registerOwner(ATC_UPLOAD_OWNER_TYPE, (actor) => actor.role === 'SLDCBusinessUser');

  return {
    validate: (actor: RequestUser, fileId: string) => validateUpload(deps, actor, fileId),
    upload: (actor: RequestUser, mode: AtcMode, fileId: string, meta: RequestMeta, opts: { confirmNewElements?: boolean } = {}) =>
      upload(deps, actor, mode, fileId, meta, opts),
    getMargins: (mode: AtcMode, q: { date: string; element?: string; pageNumber: number; pageSize: number }) => getMargins(deps, mode, q),
    updateMargin: (actor: RequestUser, id: string, input: AtcMarginUpdate, meta: RequestMeta) => updateMargin(deps, actor, id, input, meta),
    getUploads: (mode: AtcMode, q: { pageNumber: number; pageSize: number }) => getUploads(deps, mode, q),
    template: (format: 'xlsx' | 'csv'): TemplateFile => (format === 'csv' ? csvTemplate() : xlsxTemplate()),
  };
}
export type AtcService = ReturnType<typeof createAtcService>;
