/**
 * One CSV cell. A cell a spreadsheet would run as a formula (starting with = + - @, or a tab or carriage
 * return that some programs skip) is prefixed with a single quote (OWASP "CSV injection"); a cell holding
 * a quote, comma or line break is quoted with its quotes doubled (RFC 4180).
 */
export function csvCell(value: string | number | null): string {
  let text = value === null ? '' : String(value)
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text
}

export function csvRow(cells: (string | number | null)[]): string {
  return cells.map(csvCell).join(',')
}
