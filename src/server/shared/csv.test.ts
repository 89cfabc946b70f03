import { describe, expect, it } from 'vitest';

import { toCsv } from './csv.ts';

describe('toCsv', () => {
  it('writes a header and rows with CRLF line ends and a byte-order mark', () => {
    expect(toCsv(['Name', 'Units'], [['Tee', 3]])).toBe('\uFEFFName,Units\r\nTee,3\r\n');
  });

  it('quotes commas, quotes and line breaks', () => {
    expect(toCsv(['Address'], [['12, MG Road'], ['The "Loft"'], ['Line 1\nLine 2']])).toBe(
      '\uFEFFAddress\r\n"12, MG Road"\r\n"The ""Loft"""\r\n"Line 1\nLine 2"\r\n',
    );
  });

  it('neutralises text a spreadsheet would run as a formula', () => {
    const csv = toCsv(
      ['Name'],
      [['=HYPERLINK("http://x","y")'], ['+91 98765 43210'], ['-2+3'], ['@SUM(A1)'], ['\t=1']],
    );
    expect(csv.split('\r\n').slice(1, -1)).toEqual([
      `"'=HYPERLINK(""http://x"",""y"")"`,
      "'+91 98765 43210",
      "'-2+3",
      "'@SUM(A1)",
      "'\t=1",
    ]);
  });

  it('writes amounts as rupees with two decimals and counts as numbers, negative ones unneutralised', () => {
    expect(toCsv(['Taxable', 'Units', 'Empty'], [[{ paise: -123_456 }, -2, null]])).toBe(
      '\uFEFFTaxable,Units,Empty\r\n-1234.56,-2,\r\n',
    );
  });

  it('writes names in Indian scripts as they are', () => {
    expect(toCsv(['Name'], [['प्रिया शर्मा'], ['தமிழ்செல்வி']])).toBe('\uFEFFName\r\nप्रिया शर्मा\r\nதமிழ்செல்வி\r\n');
  });
});
