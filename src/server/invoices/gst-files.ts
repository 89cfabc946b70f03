// The GST return's figures as CSV files, one a table of GSTR-1, headed as the GST portal's offline
// tool's Excel template heads its sheets (b2cs, b2cl, cdnur, hsn, docs), with the tax amounts after
// the template's own columns so an accountant can check them (docs/decisions/0054).
import { toCsv, type CsvCell } from '../shared/csv.ts';
import type { GstReturn, TaxSums } from './gst-return.ts';

const GST_FILES = ['b2cs.csv', 'b2cl.csv', 'cdnur.csv', 'hsn.csv', 'docs.csv'] as const;
export type GstFile = (typeof GST_FILES)[number];

export function isGstFile(name: string | undefined): name is GstFile {
  return (GST_FILES as readonly string[]).includes(name ?? '');
}

const TAX_HEADERS = ['Integrated Tax Amount', 'Central Tax Amount', 'State/UT Tax Amount'];
const taxCells = (row: TaxSums): CsvCell[] => [
  { paise: row.igstPaise },
  { paise: row.cgstPaise },
  { paise: row.sgstPaise },
];

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** `2026-11-05` → `05-Nov-2026`, the template's day. */
const templateDay = (day: string) => `${day.slice(8, 10)}-${MONTHS[Number(day.slice(5, 7)) - 1]}-${day.slice(0, 4)}`;

export function gstFile(figures: GstReturn, file: GstFile): string {
  switch (file) {
    case 'b2cs.csv':
      return toCsv(
        [
          'Type',
          'Place Of Supply',
          'Rate',
          'Applicable % of Tax Rate',
          'Taxable Value',
          'Cess Amount',
          'E-Commerce GSTIN',
          ...TAX_HEADERS,
        ],
        // 'OE': sold on the store's own site, not through an e-commerce operator.
        figures.supplies.map((row) => [
          'OE',
          row.placeOfSupply,
          row.ratePercent,
          null,
          { paise: row.taxablePaise },
          { paise: 0 },
          null,
          ...taxCells(row),
        ]),
      );
    case 'b2cl.csv':
      return toCsv(
        [
          'Invoice Number',
          'Invoice date',
          'Invoice Value',
          'Place Of Supply',
          'Applicable % of Tax Rate',
          'Rate',
          'Taxable Value',
          'Cess Amount',
          'E-Commerce GSTIN',
          'Integrated Tax Amount',
        ],
        figures.largeInvoices.map((row) => [
          row.number,
          templateDay(row.day),
          { paise: row.valuePaise },
          row.placeOfSupply,
          null,
          row.ratePercent,
          { paise: row.taxablePaise },
          { paise: 0 },
          null,
          { paise: row.igstPaise },
        ]),
      );
    case 'cdnur.csv':
      return toCsv(
        [
          'UR Type',
          'Note Number',
          'Note Date',
          'Note Type',
          'Place Of Supply',
          'Note Value',
          'Applicable % of Tax Rate',
          'Rate',
          'Taxable Value',
          'Cess Amount',
          'Integrated Tax Amount',
        ],
        // 'C': a credit note, against a large (B2CL) invoice.
        figures.largeCredits.map((row) => [
          'B2CL',
          row.number,
          templateDay(row.day),
          'C',
          row.placeOfSupply,
          { paise: row.valuePaise },
          null,
          row.ratePercent,
          { paise: row.taxablePaise },
          { paise: 0 },
          { paise: row.igstPaise },
        ]),
      );
    case 'hsn.csv':
      return toCsv(
        [
          'HSN',
          'Description',
          'UQC',
          'Total Quantity',
          'Total Value',
          'Rate',
          'Taxable Value',
          ...TAX_HEADERS,
          'Cess Amount',
        ],
        figures.hsn.map((row) => [
          row.hsn,
          null,
          'NOS-NUMBERS',
          row.quantity,
          { paise: row.valuePaise },
          row.ratePercent,
          { paise: row.taxablePaise },
          ...taxCells(row),
          { paise: 0 },
        ]),
      );
    case 'docs.csv':
      return toCsv(
        ['Nature of Document', 'Sr. No. From', 'Sr. No. To', 'Total Number', 'Cancelled'],
        figures.documents.map((range) => [range.nature, range.first, range.last, range.count, range.cancelled]),
      );
  }
}
