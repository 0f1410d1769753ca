import { z } from 'zod';

import type { Role } from '../account/roles';
import { defineEndpoint } from '../common/endpoint';
import {
  atcFileBodySchema,
  atcIdParamsSchema,
  atcMarginListSchema,
  atcMarginSchema,
  atcMarginsQuerySchema,
  atcMarginUpdateSchema,
  atcModeParamsSchema,
  atcPreviewSchema,
  atcTemplateQuerySchema,
  atcUploadListSchema,
  atcUploadResultSchema,
  atcUploadsQuerySchema,
} from './atc.schemas';

/** Spec 001 §2: the ATC menu is for the SLDC Business User only. */
export const ATC_ROLES = ['SLDCBusinessUser'] as const satisfies readonly Role[];

/**
 * ATC margins (issue 5; spec 001 §2 ATC menu). The specification names no paths: these follow its
 * style. The file is uploaded first (File/Upload?formName=Atc), then checked (ValidateUpload,
 * nothing saved) and saved (Upload, all or nothing). `:mode` is IntraState or InterState.
 */
export const atcEndpoints = {
  validateUpload: defineEndpoint({
    id: 'Atc.ValidateUpload',
    method: 'POST',
    path: '/api/Atc/ValidateUpload/:mode',
    roles: ATC_ROLES,
    summary: 'Check an uploaded margin file (xlsx or csv): every row error, or a summary; nothing is saved',
    params: atcModeParamsSchema,
    body: atcFileBodySchema,
    response: atcPreviewSchema,
  }),
  upload: defineEndpoint({
    id: 'Atc.Upload',
    method: 'POST',
    path: '/api/Atc/Upload/:mode',
    roles: ATC_ROLES,
    summary: 'Save an uploaded margin file: checked again, every (date, element) row replaced, all or nothing',
    params: atcModeParamsSchema,
    body: atcFileBodySchema,
    response: atcUploadResultSchema,
  }),
  getMargins: defineEndpoint({
    id: 'Atc.GetMargins',
    method: 'GET',
    path: '/api/Atc/GetMargins/:mode',
    roles: ATC_ROLES,
    summary: 'Margins of one date by element (96 blocks in MW), filtered by element and paged',
    params: atcModeParamsSchema,
    query: atcMarginsQuerySchema,
    response: atcMarginListSchema,
  }),
  updateMargin: defineEndpoint({
    id: 'Atc.UpdateMargin',
    method: 'PATCH',
    path: '/api/Atc/UpdateMargin/:id',
    roles: ATC_ROLES,
    summary: 'Correct blocks of one element and date (audited; 409 when the version is stale)',
    params: atcIdParamsSchema,
    body: atcMarginUpdateSchema,
    response: atcMarginSchema,
  }),
  getUploads: defineEndpoint({
    id: 'Atc.GetUploads',
    method: 'GET',
    path: '/api/Atc/GetUploads/:mode',
    roles: ATC_ROLES,
    summary: 'Saved margin uploads, newest first',
    params: atcModeParamsSchema,
    query: atcUploadsQuerySchema,
    response: atcUploadListSchema,
  }),
  downloadTemplate: defineEndpoint({
    id: 'Atc.DownloadTemplate',
    method: 'GET',
    path: '/api/Atc/DownloadTemplate',
    roles: ATC_ROLES,
    summary: 'The upload template (xlsx, or csv with format=csv)',
    query: atcTemplateQuerySchema,
    response: z.unknown(),
    binary: true,
  }),
} as const;
