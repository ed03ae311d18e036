// The one CSV writer: every CSV the app or the CLI saves goes through here, so one rule decides
// what a spreadsheet may run. A cell that a spreadsheet would read as a formula (it starts with
// = + - @, a tab or a carriage return, also after leading spaces) gets a leading apostrophe, the
// OWASP way: the spreadsheet shows the text, runs nothing. A number column keeps real numbers as
// numbers (an amount of -1250 stays summable); anything else in it is text and escaped like text.
// Fields are quoted per RFC 4180 (comma, quote, CR or LF inside) and rows end in CRLF.

export interface CsvColumn<Row> {
  header: string;
  /** 'number': a finite number (or text that is exactly one) is written as the number. */
  kind: 'text' | 'number';
  value: (row: Row) => unknown;
}

/** Text that starts a formula in Excel, LibreOffice or Google Sheets (full-width forms too,
 * which some locales read as the ASCII ones), possibly after spaces. */
const formulaStart = /^[\t\r]|^[ \u00a0\u3000]*[=+\-@\uff1d\uff0b\uff0d\uff20]/;
/** A plain decimal number: what a number column may write unescaped. */
const plainNumber = /^-?(?:0|[1-9]\d*)(?:\.\d+)?$/;

function quoted(text: string): string {
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One field, escaped for its column's kind. */
export function csvField(value: unknown, kind: CsvColumn<unknown>['kind'] = 'text'): string {
  if (value === null || value === undefined) return '';
  if (kind === 'number') {
    if (typeof value === 'number' && Number.isFinite(value)) return String(value);
    if (typeof value === 'string' && plainNumber.test(value)) return value;
  }
  const text = String(value);
  return quoted(formulaStart.test(text) ? `'${text}` : text);
}

/** A whole file: the header row, then one row per record, each line ended by CRLF. */
export function toCsv<Row>(columns: ReadonlyArray<CsvColumn<Row>>, rows: Iterable<Row>): string {
  const lines = [columns.map((c) => csvField(c.header)).join(',')];
  for (const row of rows) lines.push(columns.map((c) => csvField(c.value(row), c.kind)).join(','));
  return lines.map((l) => `${l}\r\n`).join('');
}
