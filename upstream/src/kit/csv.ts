/**
 * A small CSV reader (RFC 4180): fields in double quotes may hold commas, line breaks and doubled quotes; a UTF-8 BOM
 * is dropped; lines end with CRLF or LF. The separator is `,` or `;`, whichever the header line holds more of outside
 * quotes (spreadsheets in some locales save with `;`). Blank lines are skipped. Answers the rows as arrays of cells.
 */
export function parseCsv(text: string): string[][] {
  let s = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  if (s.length && !s.endsWith('\n')) s += '\n';
  const sep = separatorOf(s);
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let i = 0;
  const n = s.length;
  while (i < n) {
    const ch = s[i]!;
    if (ch === '"' && cell === '') {
      // A quoted field: up to the closing quote; `""` is one quote.
      i++;
      for (;;) {
        const q = s.indexOf('"', i);
        if (q === -1) {
          cell += s.slice(i);
          i = n;
          break;
        }
        cell += s.slice(i, q);
        if (s[q + 1] === '"') {
          cell += '"';
          i = q + 2;
        } else {
          i = q + 1;
          break;
        }
      }
      continue;
    }
    if (ch === sep) {
      row.push(cell);
      cell = '';
      i++;
      continue;
    }
    if (ch === '\r' || ch === '\n') {
      row.push(cell);
      cell = '';
      if (!(row.length === 1 && row[0] === '')) rows.push(row);
      row = [];
      i += ch === '\r' && s[i + 1] === '\n' ? 2 : 1;
      continue;
    }
    // Plain text up to the next separator, quote or line end.
    let j = i + 1;
    while (j < n) {
      const c = s[j]!;
      if (c === sep || c === '\r' || c === '\n') break;
      j++;
    }
    cell += s.slice(i, j);
    i = j;
  }
  if (row.length) {
    row.push(cell);
    rows.push(row);
  }
  return rows;
}

function separatorOf(s: string): ',' | ';' {
  let commas = 0;
  let semis = 0;
  let quoted = false;
  for (let i = 0; i < s.length; i++) {
    const c = s[i];
    if (c === '"') quoted = !quoted;
    else if (!quoted && (c === '\n' || c === '\r')) break;
    else if (!quoted && c === ',') commas++;
    else if (!quoted && c === ';') semis++;
  }
  return semis > commas ? ';' : ',';
}
