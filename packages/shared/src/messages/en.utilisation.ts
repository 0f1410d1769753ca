/**
 * Texts of the utilisation of standing clearances (issue 14, decision 0063): the upload of the power
 * exchange's cleared volumes and the per-day view against the cap. Ours: the specification shows none.
 */
export const enUtilisation = {
  rows: {
    dateRequired: 'Date is required.',
    dateInvalid: (value: string) => `'${value}' is not a valid date. Use DD/MM/YYYY or YYYY-MM-DD.`,
    certificateRequired: 'Certificate No is required.',
    certificateUnknown: (value: string) => `No standing clearance has the certificate or registration number '${value}'.`,
    certificateAmbiguous: (value: string) => `'${value}' names more than one standing clearance on this date: use the certificate number.`,
    notInForce: (no: string, status: string) => `Standing clearance ${no} is ${status}: it cannot be used.`,
    outsideValidity: (no: string, from: string, to: string) => `The date is outside the validity of ${no} (${from} to ${to}).`,
    directionRequired: 'Direction is required.',
    directionInvalid: (value: string) => `'${value}' is not a direction: use Buy or Sell.`,
    directionNotCleared: (no: string, direction: string) => `Standing clearance ${no} has no ${direction} side.`,
    mwRequired: 'MW is required.',
    mwNotNumber: (value: string) => `'${value}' is not a number.`,
    mwNegative: 'MW cannot be negative.',
    mwDecimals: 'MW can have at most 2 decimals.',
    mwTooLarge: 'MW cannot be more than 99999.99.',
    duplicate: (firstRow: number) => `The same clearance, date and direction is already on row ${firstRow}.`,
    duplicateNoar: (firstRow: number) => `The same NOAR application, clearance, date and direction is already on row ${firstRow}.`,
    wrongType: (no: string, type: string) => `Standing clearance ${no} is for ${type} transactions: upload its volumes with that source.`,
    columnMissing: (name: string) => `Column '${name}' is missing.`,
    columnTwice: (name: string) => `Column '${name}' is repeated.`,
    columnUnknown: (name: string) => `Column '${name}' is not a date, certificate, direction or block column.`,
    columnUnknownNoar: (name: string) => `Column '${name}' is not a date, certificate, direction, NOAR application or block column.`,
  },
  file: {
    unreadable: 'The file could not be read. Save it as an Excel workbook (.xlsx) or a CSV file (UTF-8) and upload it again.',
    noRows: 'The file has no rows of cleared volumes.',
    noRowsNoar: 'The file has no rows of scheduled volumes.',
    tooManyRows: (max: number) => `The file has more than ${max.toLocaleString('en-IN')} rows. Split it into smaller files.`,
    tooLargeUnpacked: (limitMb: number) => `The workbook unpacks to more than ${limitMb} MB. Split it into smaller files.`,
    rowErrors: (count: number) => `The file has ${count === 1 ? '1 error' : `${count} errors`}. Nothing was saved.`,
  },
  /** A day over the cap (decision 0077): told once per clearance and day. */
  notifications: {
    overCap: (no: string, entity: string, date: string, blocks: number) =>
      `Standing clearance ${no} of ${entity} was exceeded on ${date}: ${blocks === 1 ? '1 block' : `${blocks} blocks`} above the cap.`,
  },
  web: {
    title: 'Utilisation',
    intro:
      'Maximum MW cleared per day and direction against the cap of this clearance (power exchange cleared volumes or NOAR schedules uploaded by the SLDC).',
    empty: 'No cleared volumes have been uploaded for this clearance yet.',
    loadError: 'The utilisation could not be loaded.',
    date: 'Date',
    direction: 'Direction',
    maxMw: 'Max MW',
    capMw: 'Cap (MW)',
    blocksOverCap: 'Blocks over cap',
    status: 'Status',
    overCap: 'Over cap',
    withinCap: 'Within cap',
    directions: { Buy: 'Buy', Sell: 'Sell' },
    source: 'Source',
    sources: { PowerExchange: 'Power exchange', Noar: 'NOAR schedule' },
    sourceLabel: 'What the file holds',
    sourceHelp: {
      PowerExchange:
        'CSV or Excel: Date, Certificate No (or Registration No), Direction (Buy/Sell), then the 96 block columns 00:00 … 23:45 in MW. A re-upload of a day replaces it.',
      Noar: 'CSV or Excel from NOAR: Date, Certificate No (or Registration No), Direction (Buy/Sell), optionally NOAR Application No, then the 96 block columns in MW. Rows of several NOAR applications of a clearance and day are added up; a re-upload of a day replaces it.',
    },
    overCapDays: (days: number) =>
      `${days === 1 ? '1 clearance day is' : `${days} clearance days are`} above the cap: the entity and the SLDC have been notified.`,
    warning: (days: number) => `${days === 1 ? '1 day' : `${days} days`} with blocks above the cap.`,
    upload: 'Upload utilisation',
    uploadTitle: 'Upload utilisation',
    uploadHelp:
      'CSV or Excel: Date, Certificate No (or Registration No), Direction (Buy/Sell), then the 96 block columns 00:00 … 23:45 in MW. A re-upload of a day replaces it.',
    chooseFile: 'Choose file',
    submit: 'Upload',
    cancel: 'Close',
    uploading: 'Uploading…',
    rowErrorsTitle: 'Errors in the file',
    row: 'Row',
    column: 'Column',
    saved: (rows: number, inserted: number, replaced: number) =>
      `Utilisation saved: ${rows} ${rows === 1 ? 'row' : 'rows'} (${inserted} new, ${replaced} replaced).`,
  },
} as const;
