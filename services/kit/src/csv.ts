/**
 * A spreadsheet runs a cell that begins with = + - @ (or a tab or carriage return) as a formula: such a cell is
 * kept as text with a leading apostrophe (OWASP's advice on CSV injection). For every CSV the portal hands out.
 */
export function spreadsheetSafe(cell: string): string {
  return /^[=+\-@\t\r]/.test(cell) ? `'${cell}` : cell;
}
