import { z } from 'zod';

import { isoDateSchema } from '../common/patterns';
import { pageQuerySchema } from '../common/pagination';
import { enAtc } from '../messages/en.atc';
import { ATC_BLOCKS_PER_DAY, ATC_ELEMENT_MAX_LENGTH, ATC_MODES, parseAtcMargin } from './atc.values';

const t = enAtc;

export const atcModeSchema = z.enum(ATC_MODES);
export const atcModeParamsSchema = z.object({ mode: atcModeSchema });

/** ValidateUpload and Upload: the file uploaded before with File/Upload?formName=Atc. */
export const atcFileBodySchema = z.object({
  fileId: z.string().uuid('Invalid id'),
  /**
   * Upload: the SLDC confirms that the elements the portal does not know yet (the preview's
   * `newElements`) are new elements of the network (decision 0019). Without it such a file is refused.
   */
  confirmNewElements: z.boolean().optional(),
});
export type AtcFileBody = z.infer<typeof atcFileBodySchema>;

/** One problem of the file: its spreadsheet row (the header is row 1), the column's header and what is wrong. */
export const atcRowErrorSchema = z.object({ row: z.number().int(), column: z.string(), message: z.string() });
export type AtcRowError = z.infer<typeof atcRowErrorSchema>;

/** The check of a file before anything is saved (ValidateUpload). */
export const atcPreviewSchema = z.object({
  fileName: z.string(),
  /** Data rows read (blank rows are skipped). */
  rowCount: z.number().int(),
  elementCount: z.number().int(),
  dateCount: z.number().int(),
  /** First and last date of the valid rows (null when no row has a valid date). */
  dateFrom: z.string().nullable(),
  dateTo: z.string().nullable(),
  isValid: z.boolean(),
  /** Every error up to ATC_ERROR_LIST_LIMIT, in row order; `errorCount` counts them all. */
  errors: z.array(atcRowErrorSchema),
  errorCount: z.number().int(),
  /**
   * Elements of the file the portal does not know (no margin uploaded before in either mode, and
   * not the injection or drawal substation of a registration), as first spelled in the file, up to
   * ATC_ERROR_LIST_LIMIT; `newElementCount` counts them all. Upload needs `confirmNewElements`.
   */
  newElements: z.array(z.string()),
  newElementCount: z.number().int(),
});
export type AtcPreview = z.infer<typeof atcPreviewSchema>;

export const atcUploadResultSchema = z.object({
  uploadId: z.string().uuid(),
  rowCount: z.number().int(),
  /** Rows for a (date, element) that had no margin yet. */
  insertedCount: z.number().int(),
  /** Rows that replaced the margins of a (date, element). */
  replacedCount: z.number().int(),
  elementCount: z.number().int(),
  dateFrom: z.string(),
  dateTo: z.string(),
});
export type AtcUploadResult = z.infer<typeof atcUploadResultSchema>;

export const atcMarginsQuerySchema = pageQuerySchema.extend({
  date: isoDateSchema,
  /** Part of the element's name, any case. */
  element: z.string().trim().max(ATC_ELEMENT_MAX_LENGTH).optional(),
});
export type AtcMarginsQuery = z.input<typeof atcMarginsQuerySchema>;

export const atcMarginSchema = z.object({
  id: z.string().uuid(),
  mode: atcModeSchema,
  marginDate: z.string(),
  element: z.string(),
  /** The 96 blocks' margins in MW with 2 decimals ('12.50'), block 1 first. */
  blocks: z.array(z.string()).length(ATC_BLOCKS_PER_DAY),
  /** Increases with every change; a correction must send the version it started from. */
  version: z.number().int(),
  updatedOn: z.string(),
  updatedBy: z.string().nullable(),
});
export type AtcMargin = z.infer<typeof atcMarginSchema>;
export const atcMarginListSchema = z.object({ marginList: z.array(atcMarginSchema), dataCount: z.number().int() });
export type AtcMarginList = z.infer<typeof atcMarginListSchema>;

export const atcIdParamsSchema = z.object({ id: z.string().uuid('Invalid id') });

/** One corrected block: its number (1–96) and the new margin in MW as text ('12.5'). */
export const atcBlockCorrectionSchema = z.object({
  block: z
    .number({ error: t.update.blockRange })
    .int(t.update.blockRange)
    .min(1, t.update.blockRange)
    .max(ATC_BLOCKS_PER_DAY, t.update.blockRange),
  margin: z.string().superRefine((value, ctx) => {
    const parsed = parseAtcMargin(value);
    if (parsed.ok) return;
    const r = t.rows;
    const message = {
      required: r.marginRequired,
      notNumber: r.marginNotNumber(value),
      negative: r.marginNegative,
      decimals: r.marginDecimals,
      tooLarge: r.marginTooLarge,
    }[parsed.problem];
    ctx.addIssue({ code: 'custom', message });
  }),
});

export const atcMarginUpdateSchema = z
  .object({
    version: z.number().int().min(1),
    blocks: z.array(atcBlockCorrectionSchema).min(1).max(ATC_BLOCKS_PER_DAY),
  })
  .superRefine((value, ctx) => {
    const seen = new Set<number>();
    value.blocks.forEach((b, i) => {
      if (seen.has(b.block)) ctx.addIssue({ code: 'custom', path: ['blocks', i, 'block'], message: t.update.duplicateBlock(b.block) });
      seen.add(b.block);
    });
  });
export type AtcMarginUpdate = z.infer<typeof atcMarginUpdateSchema>;

export const atcUploadRowSchema = z.object({
  id: z.string().uuid(),
  mode: atcModeSchema,
  /** The stored file (File/Download/:id). */
  fileId: z.string().uuid(),
  fileName: z.string(),
  rowCount: z.number().int(),
  elementCount: z.number().int(),
  dateFrom: z.string(),
  dateTo: z.string(),
  insertedCount: z.number().int(),
  replacedCount: z.number().int(),
  uploadedBy: z.string().nullable(),
  uploadedOn: z.string(),
});
export type AtcUploadRow = z.infer<typeof atcUploadRowSchema>;
export const atcUploadListSchema = z.object({ uploadList: z.array(atcUploadRowSchema), dataCount: z.number().int() });
export type AtcUploadList = z.infer<typeof atcUploadListSchema>;
export const atcUploadsQuerySchema = pageQuerySchema;

export const ATC_TEMPLATE_FORMATS = ['xlsx', 'csv'] as const;
export const atcTemplateQuerySchema = z.object({ format: z.enum(ATC_TEMPLATE_FORMATS).default('xlsx') });
