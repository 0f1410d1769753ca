import { z } from 'zod';

/**
 * Utilisation of standing clearances (issue 14, decision 0063): the SLDC uploads the power exchange's
 * cleared volumes (File/Upload?formName=StandingClearanceUtilisation, then StandingClearance/UploadUtilisation);
 * each clearance shows per day and direction its largest block against its cap.
 */

/** The files module's form name of the upload (FORM_FILE_KINDS: excel and csv). */
export const UTILISATION_FORM_NAME = 'StandingClearanceUtilisation';
/**
 * The NOAR (National Open Access Registry) schedule of bilateral transactions (decision 0077):
 * File/Upload?formName=StandingClearanceNoarSchedule, then StandingClearance/UploadNoarSchedule.
 */
export const NOAR_FORM_NAME = 'StandingClearanceNoarSchedule';
/** Where utilisation came from: the power exchange's cleared volumes or the NOAR schedule. */
export const UTILISATION_SOURCES = ['PowerExchange', 'Noar'] as const;
export type UtilisationSource = (typeof UTILISATION_SOURCES)[number];
export const UTILISATION_FILE_EXTENSIONS = ['csv', 'xlsx'] as const;
/** Rows one upload may hold (a day of every clearance, both directions, for a month and more). */
export const UTILISATION_MAX_ROWS = 20_000;
/** Errors listed in the answer (all are counted). */
export const UTILISATION_ERROR_LIST_LIMIT = 1_000;
/** What a workbook may unpack to before it is read. */
export const UTILISATION_MAX_XLSX_UNPACKED_BYTES = 80 * 1_048_576;

export const UTILISATION_DIRECTIONS = ['Buy', 'Sell'] as const;
export type UtilisationDirection = (typeof UTILISATION_DIRECTIONS)[number];

/** The header names of the first three columns (any case; the 96 block columns follow the ATC upload's). */
export const UTILISATION_DATE_HEADER = 'Date';
export const UTILISATION_CERTIFICATE_HEADER = 'Certificate No';
export const UTILISATION_DIRECTION_HEADER = 'Direction';
/** The NOAR schedule's optional column: its application (approval) number; rows of several approvals are summed. */
export const NOAR_APPLICATION_HEADER = 'NOAR Application No';

/** POST StandingClearance/UploadUtilisation. */
export const utilisationUploadBodySchema = z.object({ fileId: z.string({ error: 'Choose a file' }).uuid('Choose a file') });
export type UtilisationUploadBody = z.infer<typeof utilisationUploadBodySchema>;

export const utilisationUploadResultSchema = z.object({
  fileName: z.string(),
  rowCount: z.number().int(),
  insertedCount: z.number().int(),
  replacedCount: z.number().int(),
  clearanceCount: z.number().int(),
  dateFrom: z.string(),
  dateTo: z.string(),
  /** Clearance days above the cap in this upload (each notified once, decision 0077). */
  overCapDays: z.number().int(),
});
export type UtilisationUploadResult = z.infer<typeof utilisationUploadResultSchema>;

/** One day and direction of a clearance: its largest cleared block against the cap. */
export const utilisationDaySchema = z.object({
  date: z.string(),
  direction: z.enum(UTILISATION_DIRECTIONS),
  source: z.enum(UTILISATION_SOURCES),
  /** MW as text (2 decimals). */
  maxMw: z.string(),
  /** The overall cap of the direction; a block range may cap lower (the clearance's blockCaps, decision 0077). */
  capMw: z.string(),
  /** The block numbers (1–96) cleared above the cap of their block (its range's, else the overall). */
  blocksOverCap: z.array(z.number().int()),
  /** Any block above the cap. */
  warning: z.boolean(),
});
export type UtilisationDay = z.infer<typeof utilisationDaySchema>;

/** GET StandingClearance/GetUtilisation/{id}: newest day first. */
export const utilisationSchema = z.object({
  standingClearanceId: z.string(),
  certificateNo: z.string().nullable(),
  maxBuyMw: z.string().nullable(),
  maxSellMw: z.string().nullable(),
  days: z.array(utilisationDaySchema),
  /** Days and directions with a block above the cap. */
  warningCount: z.number().int(),
});
export type Utilisation = z.infer<typeof utilisationSchema>;
