/** Texts of the reports page (issue 15), English; the structure allows other languages (lib/i18n catalogOf). */
export const enReports = {
  filterTitle: 'Filter Report',
  subtitle: 'Rows are limited to what your role may see. Amounts are in rupees, energy in MWh.',
  gridLabel: (label: string) => `${label} rows`,
  total: 'Total',
  totalsLabel: 'Totals of every row that matches the filters',
  empty: 'No rows match the filters',
  emptyHint: 'Change or reset the filters to see more.',
  downloadExcel: 'Excel',
  downloadPdf: 'PDF',
  downloadExcelLabel: (label: string) => `Download ${label} as Excel`,
  downloadPdfLabel: (label: string) => `Download ${label} as PDF`,
  downloading: 'Preparing…',
  downloaded: (fileName: string) => `${fileName} downloaded.`,
  sortBy: 'Sort by',
  ascending: 'ascending',
  descending: 'descending',
  any: 'Any',
  rowCount: (n: number) => `${n} ${n === 1 ? 'row' : 'rows'}`,
};
export type ReportsMessages = typeof enReports;
