import type { Language } from './index';

/**
 * Texts of the ATC margin pages (spec 001 §2 ATC menu: Intra-State and Inter-State, each with
 * Uploads and View/Edit) and of the API's upload and correction errors. The specification quotes
 * none of these texts; they are ours. Kept out of `en` so that they load with the ATC pages; a
 * Hindi catalog adds `hi` to `atcCatalogs` with the same shape.
 */
export const enAtc = {
  modes: { IntraState: 'Intra-State', InterState: 'Inter-State' },
  /** Errors of one row or header cell of an upload (the preview lists each with its row and column). */
  rows: {
    dateRequired: 'Date is required.',
    dateInvalid: (value: string) => `'${value}' is not a valid date. Use DD/MM/YYYY or YYYY-MM-DD (years 2000–2099).`,
    elementRequired: 'Element is required.',
    elementTooLong: (max: number) => `Element must be at most ${max} characters.`,
    marginRequired: 'Margin is required.',
    marginNotNumber: (value: string) => `'${value}' is not a number.`,
    marginNegative: 'Margin cannot be negative.',
    marginDecimals: 'Margin can have at most 2 decimals.',
    marginTooLarge: 'Margin cannot be more than 99999.99 MW.',
    duplicate: (element: string, date: string, firstRow: number) => `${element} on ${date} is already on row ${firstRow}.`,
    columnMissing: (name: string) => `Column '${name}' is missing.`,
    columnTwice: (name: string, firstColumn: string) => `Column '${name}' is repeated (already in column ${firstColumn}).`,
    columnUnknown: (name: string) => `Column '${name}' is not a date, element or block column.`,
    valueWithoutHeader: 'This value has no column header.',
  },
  /** Errors of the file as a whole (the envelope names the field fileId). */
  file: {
    unreadable: 'The file could not be read. Save it as an Excel workbook (.xlsx) or a CSV file (UTF-8) and upload it again.',
    noRows: 'The file has no margin rows.',
    tooManyRows: (max: number) => `The file has more than ${max.toLocaleString('en-IN')} rows. Split it into smaller files.`,
    tooLargeUnpacked: (limitMb: number) => `The workbook unpacks to more than ${limitMb} MB. Split it into smaller files.`,
    rowErrors: (count: number) => `The file has ${count === 1 ? '1 error' : `${count} errors`}. Nothing was saved.`,
    newElementsUnconfirmed: (names: string[], count: number) =>
      `The portal does not know ${count === 1 ? 'the element' : `${count} elements`} ${names.map((n) => `'${n}'`).join(', ')}${count > names.length ? ', …' : ''}. Confirm that ${count === 1 ? 'it is a new element' : 'they are new elements'} of the network, or correct the name${count === 1 ? '' : 's'}. Nothing was saved.`,
  },
  update: {
    stale: 'These margins were changed by someone else. Reload them and make your corrections again.',
    notFound: 'The margin was not found.',
    duplicateBlock: (block: number) => `Block ${block} is corrected twice.`,
    blockRange: 'Block must be 1 to 96.',
  },
  /** A short form of the margin errors, for a corrected cell of the grid. */
  marginProblems: {
    required: 'Enter a margin.',
    notNumber: 'Enter a number.',
    negative: 'Margin cannot be negative.',
    decimals: 'At most 2 decimals.',
    tooLarge: 'At most 99999.99 MW.',
  },
  template: {
    sheetName: 'Margins',
    instructionsSheet: 'Instructions',
    instructions: [
      'One row per date and transmission element / substation; the first row holds the column names.',
      'Date: DD/MM/YYYY or YYYY-MM-DD (an Excel date cell is fine).',
      'Element: the transmission element or substation, at most 100 characters. Names are matched without regard to case or extra spaces.',
      "Then 96 block columns named by their start time '00:00' … '23:45' (or 'Block 1' … 'Block 96').",
      'Each block holds the available margin in MW: a number, 0 or more, with at most 2 decimals.',
      'Every row is checked before anything is saved; a file with any error saves nothing.',
      'Uploading a row for a date and element that already has margins replaces them.',
    ],
    exampleTitle: 'Example (first columns)',
  },
  upload: {
    title: (mode: string) => `${mode} ATC Uploads`,
    subtitle: 'Upload the available transmission margin (MW) of each element for every 15-minute block.',
    formatTitle: 'File format',
    formatText:
      'An Excel workbook (.xlsx) or a CSV file (UTF-8), up to 10 MB. Columns: Date (DD/MM/YYYY or YYYY-MM-DD), Element, then the 96 blocks 00:00 … 23:45 with the margin in MW (0 or more, at most 2 decimals).',
    formatNote: 'Older Excel files (.xls, .xlsb) cannot be read: save them as .xlsx first. Only the first worksheet is read.',
    templateXlsx: 'Download template (.xlsx)',
    templateCsv: 'Download template (.csv)',
    templateFailed: 'Unable to download the template.',
    chooseTitle: 'Choose the file',
    choose: 'Choose file',
    chooseAnother: 'Choose another file',
    noFile: 'No file chosen',
    chosen: 'Chosen file',
    fileHint: 'xlsx or csv, up to 10 MB',
    validate: 'Validate',
    validating: 'Checking the file…',
    sending: (percent: number) => `Sending the file… ${percent}%`,
    progressLabel: 'Progress of the file transfer',
    upload: 'Upload',
    uploadingRows: 'Saving the margins…',
    validateFirst: 'Validate the file to see every error before anything is saved.',
    previewTitle: 'Check result',
    validTitle: 'The file is valid. Nothing has been saved yet.',
    invalidTitle: (count: number, shown: number) =>
      `${count === 1 ? '1 error' : `${count.toLocaleString('en-IN')} errors`} found. Correct the file and validate it again; nothing is saved while a row has an error.${shown < count ? ` The first ${shown.toLocaleString('en-IN')} are listed.` : ''}`,
    summaryRows: 'Rows',
    summaryElements: 'Elements',
    summaryDates: 'Dates',
    dateRange: (from: string, to: string) => (from === to ? from : `${from} to ${to}`),
    errorsLabel: 'Errors in the file',
    errorRow: 'Row',
    errorColumn: 'Column',
    errorMessage: 'Error',
    errorPlace: (row: number, column: string) => `Row ${row}, ${column}`,
    saved: (rows: number, inserted: number, replaced: number) =>
      `Margins saved: ${rows} ${rows === 1 ? 'row' : 'rows'} (${inserted} new, ${replaced} replaced).`,
    historyTitle: 'Upload history',
    historyLabel: 'Upload history',
    historyEmpty: 'No files have been uploaded yet.',
    uploadedOn: 'Uploaded on',
    fileName: 'File',
    dates: 'Dates',
    rowCount: 'Rows',
    uploadedBy: 'Uploaded by',
    downloadFile: (name: string) => `Download ${name}`,
    viewMargins: 'View/Edit margins',
    newElementsTitle: (count: number) =>
      count === 1
        ? 'The portal does not know this element yet:'
        : `The portal does not know these ${count.toLocaleString('en-IN')} elements yet:`,
    newElementsHint: 'Correct a misspelt name in the file, or confirm that they are new elements of the network before you upload.',
    confirmNewElements: (count: number) => (count === 1 ? 'This is a new element of the network' : 'These are new elements of the network'),
  },
  view: {
    title: (mode: string) => `${mode} ATC View/Edit`,
    subtitle: 'Margins (MW) of each element by 15-minute block. Select a cell to correct it.',
    date: 'Date',
    element: 'Element',
    elementFilter: 'Element contains',
    search: 'Search',
    clear: 'Clear',
    gridLabel: (date: string) => `Margins in MW on ${date}`,
    empty: (date: string) => `No margins have been uploaded for ${date}.`,
    emptyFiltered: 'No element matches the filter.',
    uploadLink: 'Go to Uploads',
    editHint:
      'Click a cell (or move to it with the arrow keys and press Enter) to correct it. Enter or Tab keeps the value, Escape cancels, Delete restores the saved margin.',
    cellLabel: (element: string, from: string, to: string, value: string) => `${element}, ${from} to ${to}: ${value} MW`,
    editLabel: (element: string, from: string, to: string) => `Margin of ${element}, ${from} to ${to}, in MW`,
    edited: 'corrected',
    changes: (cells: number, rows: number) =>
      `${cells} ${cells === 1 ? 'block' : 'blocks'} corrected in ${rows} ${rows === 1 ? 'element' : 'elements'}`,
    noChanges: 'No corrections yet.',
    save: 'Save corrections',
    saving: 'Saving…',
    discard: 'Discard corrections',
    saved: (rows: number) => `Corrections saved for ${rows} ${rows === 1 ? 'element' : 'elements'}.`,
    saveFailed: (element: string, reason: string) => `${element}: ${reason}`,
    fixErrors: 'Correct the highlighted cells first.',
    pageLabel: 'Pages of elements',
    rowsPerPage: 'Elements per page',
    rangeLabel: (from: number, to: number, count: number) => `${from}–${to} of ${count}`,
    lastUpdated: (when: string, by: string) => `Last changed ${when}${by ? ` by ${by}` : ''}`,
    leaveWarning: 'You have corrections that are not saved.',
  },
} as const;

export type AtcMessages = typeof enAtc;
export const atcCatalogs: Record<Language, AtcMessages> = { en: enAtc };
