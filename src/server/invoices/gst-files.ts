// The GST return's figures as CSV files, one a table of GSTR-1, headed as the GST portal's offline
// tool's Excel template heads its sheets (b2cs, hsn, docs), with the tax amounts beside the taxable
// value so an accountant can check them (docs/decisions/0054).
import { toCsv } from '../shared/csv.ts';
import type { GstReturn } from './gst-return.ts';

const GST_FILES = ['b2cs.csv', 'hsn.csv', 'docs.csv'] as const;
export type GstFile = (typeof GST_FILES)[number];

export function isGstFile(name: string | undefined): name is GstFile {
  return (GST_FILES as readonly string[]).includes(name ?? '');
}

const TAX_HEADERS = ['Integrated Tax Amount', 'Central Tax Amount', 'State/UT Tax Amount', 'Cess Amount'];

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
          ...TAX_HEADERS,
          'E-Commerce GSTIN',
        ],
        // 'OE': sold on the store's own site, not through an e-commerce operator.
        figures.supplies.map((row) => [
          'OE',
          row.placeOfSupply,
          row.ratePercent,
          null,
          { paise: row.taxablePaise },
          { paise: row.igstPaise },
          { paise: row.cgstPaise },
          { paise: row.sgstPaise },
          { paise: 0 },
          null,
        ]),
      );
    case 'hsn.csv':
      return toCsv(
        ['HSN', 'Description', 'UQC', 'Total Quantity', 'Total Value', 'Rate', 'Taxable Value', ...TAX_HEADERS],
        figures.hsn.map((row) => [
          row.hsn,
          null,
          'NOS-NUMBERS',
          row.quantity,
          { paise: row.valuePaise },
          row.ratePercent,
          { paise: row.taxablePaise },
          { paise: row.igstPaise },
          { paise: row.cgstPaise },
          { paise: row.sgstPaise },
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
