import { z } from 'zod';

import { ALL } from '../account/roles';
import { defineEndpoint } from '../common/endpoint';
import {
  fileIdParamsSchema,
  fileShowParamsSchema,
  fileShowQuerySchema,
  fileUploadQuerySchema,
  fileUploadResultSchema,
} from './files.schemas';

/**
 * Files (spec 000 §7 Files). Upload is multipart (`uploadedFile`), so its body is not a zod schema;
 * Show and Download answer with the file itself (`binary`).
 */
export const filesEndpoints = {
  upload: defineEndpoint({
    id: 'File.Upload',
    method: 'POST',
    path: '/api/File/Upload',
    roles: ALL,
    summary: 'Upload one file (multipart/form-data, field uploadedFile); checked by extension and content signature',
    query: fileUploadQuerySchema,
    response: fileUploadResultSchema,
  }),
  show: defineEndpoint({
    id: 'File.Show',
    method: 'GET',
    path: '/api/File/Show/:name',
    roles: ALL,
    summary: 'A stored file for display in the browser (inline for images and PDF)',
    params: fileShowParamsSchema,
    query: fileShowQuerySchema,
    response: z.unknown(),
    binary: true,
  }),
  download: defineEndpoint({
    id: 'File.Download',
    method: 'GET',
    path: '/api/File/Download/:id',
    roles: ALL,
    summary: 'A stored file as an attachment',
    params: fileIdParamsSchema,
    response: z.unknown(),
    binary: true,
  }),
} as const;
