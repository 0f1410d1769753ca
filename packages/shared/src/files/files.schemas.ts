import { z } from 'zod';

import { enFiles } from '../messages/en.files';

/** File kinds of the specification (spec 001 §3): Image (jpg, jpeg, png), Pdf, Excel (xlsx, xls, xlsb), Csv. */
export const FILE_KINDS = {
  image: ['jpg', 'jpeg', 'png'],
  pdf: ['pdf'],
  excel: ['xlsx', 'xls', 'xlsb'],
  csv: ['csv'],
} as const;
export const fileKindSchema = z.enum(['image', 'pdf', 'excel', 'csv']);
export type FileKind = z.infer<typeof fileKindSchema>;
export type FileExtension = (typeof FILE_KINDS)[FileKind][number];

/** Every accepted extension, in the order of FILE_KINDS. */
export const FILE_EXTENSIONS: readonly FileExtension[] = Object.values(FILE_KINDS).flat();

/** The Content-Type a stored file is served with (from its checked extension, never the client's claim). */
export const FILE_CONTENT_TYPES: Record<FileExtension, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  pdf: 'application/pdf',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  xls: 'application/vnd.ms-excel',
  xlsb: 'application/vnd.ms-excel.sheet.binary.macroEnabled.12',
  csv: 'text/csv; charset=utf-8',
};

/** Largest stored display name, in characters (code points). */
export const FILE_NAME_MAX_LENGTH = 200;
/** Spec 000 §9: displayed names are shortened to 40 characters before the extension. */
export const DISPLAY_NAME_LENGTH = 40;

export function isFileExtension(value: string): value is FileExtension {
  return (FILE_EXTENSIONS as readonly string[]).includes(value);
}

export function kindOfExtension(ext: string): FileKind | undefined {
  return fileKindSchema.options.find((k) => (FILE_KINDS[k] as readonly string[]).includes(ext));
}

/** The lower-case extension of a name without the dot ('' when there is none). */
export function fileExtension(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 && dot < name.length - 1 ? name.slice(dot + 1).toLowerCase() : '';
}

/**
 * Files a form accepts, by form name (the `formName` of the upload). A form not listed accepts every
 * kind; the caller may narrow further with `allowed`. Later issues add their forms here.
 */
export const FORM_FILE_KINDS: Readonly<Record<string, readonly FileKind[]>> = {
  UserManual: ['pdf'],
  Registration: ['pdf', 'image'],
  // ATC margin uploads (issue 5): the API reads xlsx and csv only; the web narrows with allowed=xlsx,csv.
  Atc: ['excel', 'csv'],
  // Payment proofs (issue 13).
  Payment: ['pdf', 'image'],
  // Bank statements of the SLDC's reconciliation (issue 13, decision 0055); the API reads csv and xlsx only.
  BankStatement: ['excel', 'csv'],
  // TDS challans (issue 13, decision 0053).
  TdsChallan: ['pdf', 'image'],
  // Power exchange cleared volumes against standing clearances (issue 14, decision 0063); the API reads csv and xlsx only.
  StandingClearanceUtilisation: ['excel', 'csv'],
  // NOAR schedules of bilateral transactions against standing clearances (decision 0077); csv and xlsx only.
  StandingClearanceNoarSchedule: ['excel', 'csv'],
};

/** Expands kinds and extensions ('pdf,image' or 'pdf,jpg') to extensions, in the given order, deduplicated. */
export function expandFileTypes(tokens: readonly string[]): FileExtension[] {
  const out: FileExtension[] = [];
  for (const raw of tokens) {
    const t = raw.trim().toLowerCase().replace(/^\./, '');
    const exts: readonly string[] = Object.hasOwn(FILE_KINDS, t) ? FILE_KINDS[t as FileKind] : isFileExtension(t) ? [t] : [];
    for (const e of exts) if (!out.includes(e as FileExtension)) out.push(e as FileExtension);
  }
  return out;
}

/** The extensions an upload to `formName` may have, narrowed by `allowed` (kinds or extensions). */
export function allowedExtensionsFor(formName: string, allowed?: readonly string[]): FileExtension[] {
  // Own properties only: '__proto__' or 'constructor' is an unknown form, not Object.prototype.
  const formKinds = Object.hasOwn(FORM_FILE_KINDS, formName) ? FORM_FILE_KINDS[formName] : undefined;
  const base = formKinds ? expandFileTypes(formKinds) : [...FILE_EXTENSIONS];
  if (!allowed || allowed.length === 0) return base;
  return expandFileTypes(allowed).filter((e) => base.includes(e));
}

/** Spec 000 §5: 'Invalid file. Please upload {types} file', the types joined with ', '. */
export function invalidFileMessage(extensions: readonly string[]): string {
  return enFiles.files.invalidFile(extensions.join(', '));
}

// Control characters are exactly what this pattern removes.
// eslint-disable-next-line no-control-regex
const CONTROL_CHARS = /[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u2028-\u202e\u2060-\u2069\ufeff]/gu;

/**
 * The display name kept for an uploaded file: the base name only (no directories, so '../../x.pdf'
 * becomes 'x.pdf'), without control, bidi-override or zero-width characters, characters reserved
 * on common file systems replaced by '_', no leading or trailing dots and spaces, at most
 * `maxLength` characters (the extension kept). Null when nothing usable is left: the part before
 * the extension must hold a letter or a digit ('.htaccess', '___.pdf', '..' are refused).
 */
export function sanitizeFileName(raw: string, maxLength = FILE_NAME_MAX_LENGTH): string | null {
  let name = raw.normalize('NFC').replace(CONTROL_CHARS, '');
  name = name.split(/[/\\]/).pop() ?? '';
  name = name
    .replace(/[<>:"|?*]/g, '_')
    .replace(/\s+/gu, ' ')
    .trim();
  const dot = name.lastIndexOf('.');
  const trimDots = (s: string) => s.replace(/^[\s.]+/u, '').replace(/[\s.]+$/u, '');
  let base = trimDots(dot >= 0 ? name.slice(0, dot) : name);
  const ext = dot >= 0 ? trimDots(name.slice(dot + 1)) : '';
  if (!/[\p{L}\p{N}]/u.test(base)) return null;
  const suffix = ext ? `.${ext}` : '';
  const room = maxLength - Array.from(suffix).length;
  if (room < 1) return null;
  base = trimDots(Array.from(base).slice(0, room).join(''));
  return base + suffix;
}

/**
 * Spec 000 §9: a displayed name keeps at most `max` characters before the extension; a longer
 * base is cut and marked with '...' ('a-very-long…name.pdf' → first 40 characters + '...' + '.pdf').
 */
export function shortenFileName(name: string, max = DISPLAY_NAME_LENGTH): string {
  const dot = name.lastIndexOf('.');
  const base = dot > 0 ? name.slice(0, dot) : name;
  const ext = dot > 0 ? name.slice(dot) : '';
  const chars = Array.from(base);
  if (chars.length <= max) return name;
  return `${chars.slice(0, max).join('')}...${ext}`;
}

/** `allowed` of the upload: a comma-separated list of kinds and/or extensions ('pdf,image', 'pdf,jpg'). */
const allowedSchema = z
  .string()
  .max(200)
  .transform((value, ctx) => {
    const tokens = value
      .split(',')
      .map((t) => t.trim())
      .filter(Boolean);
    for (const t of tokens) {
      if (expandFileTypes([t]).length === 0) ctx.addIssue({ code: 'custom', message: enFiles.files.unknownKind(t) });
    }
    return tokens;
  });

export const fileUploadQuerySchema = z.object({
  formName: z
    .string({ error: 'formName is required' })
    .trim()
    .min(1, 'formName is required')
    .max(100)
    .regex(/^[A-Za-z0-9 _.-]*$/, 'formName may contain letters, digits, space and . _ - only'),
  allowed: allowedSchema.optional(),
});
export type FileUploadQuery = z.input<typeof fileUploadQuerySchema>;

export const fileUploadResultSchema = z.object({
  id: z.string().uuid(),
  /** The sanitised original name (display it with shortenFileName). */
  fileName: z.string(),
  kind: fileKindSchema,
  size: z.number().int(),
});
export type FileUploadResult = z.infer<typeof fileUploadResultSchema>;

export const fileIdParamsSchema = z.object({ id: z.string().uuid('Invalid id') });
/** `name` is for the browser (tab title, save name); the server serves the file of `id`. */
export const fileShowParamsSchema = z.object({ name: z.string().max(300) });
export const fileShowQuerySchema = z.object({ id: z.string().uuid('Invalid id') });
