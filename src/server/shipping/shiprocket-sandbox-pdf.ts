// The Shiprocket sandbox's labels and pickup manifests (shiprocket-sandbox.ts), drawn with pdfkit:
// a 4 x 6 inch label per parcel, as couriers print them, and an A4 manifest listing each parcel
// the courier collects. Sandbox papers, in the standard font: characters it cannot draw print as '?'.
import PDFDocument from 'pdfkit';

import { indiaDateTime, type SandboxParty, type SandboxShipment } from './shiprocket-sandbox-model.ts';

/** One label page per parcel: the courier and AWB, who it goes to, where from, and the order's reference. */
export function labelPdf(parcels: readonly SandboxShipment[]): Promise<Buffer> {
  const pdf = new PDFDocument({
    size: [288, 432],
    margin: 18,
    autoFirstPage: false,
    info: { Title: 'Shipping labels' },
  });
  const done = collect(pdf);
  for (const s of parcels) {
    pdf.addPage();
    pdf
      .font('Helvetica-Bold')
      .fontSize(14)
      .text(plain(s.courier?.name ?? 'Courier not assigned'));
    pdf
      .font('Helvetica')
      .fontSize(10)
      .text(`AWB: ${s.awb ?? '-'}`);
    pdf
      .font('Courier-Bold')
      .fontSize(22)
      .text(s.awb ?? '', { characterSpacing: 1 });
    pdf.moveDown(0.5);
    pdf.font('Helvetica-Bold').fontSize(11).text('Deliver to:');
    address(pdf, s.to);
    pdf.moveDown(0.5);
    pdf
      .font('Helvetica-Bold')
      .fontSize(11)
      .text(s.paymentMethod === 'COD' ? `COD: collect Rs. ${s.collect.toFixed(2)}` : 'PREPAID');
    pdf.font('Helvetica').fontSize(10).text(`Weight: ${s.weightKg} kg`);
    pdf.text(`Order: ${plain(s.reference)}`);
    pdf.text(`Shiprocket order ${s.orderId}, shipment ${s.shipmentId}`);
    pdf.moveDown(0.5);
    pdf
      .font('Helvetica-Bold')
      .fontSize(9)
      .text(s.kind === 'return' ? 'Return from:' : 'Shipped by:');
    pdf.font('Helvetica').fontSize(9);
    address(pdf, s.from);
    pdf.moveDown(0.3);
    for (const item of s.items) pdf.text(plain(`${item.units} x ${item.name} (${item.sku})`));
  }
  pdf.end();
  return done;
}

/** The courier's pickup manifest: every parcel it collects, by AWB and reference, to sign on handover. */
export function manifestPdf(
  number: number,
  parcels: readonly SandboxShipment[],
  pickupLocation: string,
  at: Date,
): Promise<Buffer> {
  const pdf = new PDFDocument({ size: 'A4', margin: 40, info: { Title: `Manifest ${number}` } });
  const done = collect(pdf);
  pdf
    .font('Helvetica-Bold')
    .fontSize(16)
    .text(`Pickup manifest MANIFEST-${String(number).padStart(4, '0')}`);
  pdf
    .font('Helvetica')
    .fontSize(10)
    .text(`Pickup location: ${plain(pickupLocation)}`);
  pdf.text(`Generated: ${indiaDateTime(at)} (India time)`);
  pdf.text(`Parcels: ${parcels.length}`);
  pdf.moveDown();
  parcels.forEach((s, index) => {
    pdf
      .font('Helvetica-Bold')
      .fontSize(10)
      .text(`${index + 1}. AWB ${s.awb ?? '-'}  |  Order ${plain(s.reference)}`);
    pdf
      .font('Helvetica')
      .fontSize(9)
      .text(
        plain(
          `${s.courier?.name ?? '-'}  |  To: ${s.to.name}, ${s.to.city} ${s.to.pincode}  |  ${
            s.paymentMethod === 'COD' ? `COD Rs. ${s.collect.toFixed(2)}` : 'Prepaid'
          }  |  ${s.weightKg} kg`,
        ),
      );
    pdf.moveDown(0.4);
  });
  pdf.moveDown();
  pdf
    .font('Helvetica')
    .fontSize(10)
    .text('Received by the courier (name, signature, time): ____________________________');
  pdf.end();
  return done;
}

function address(pdf: PDFKit.PDFDocument, party: SandboxParty) {
  pdf.text(plain(party.name));
  pdf.text(plain([party.address, party.address2].filter(Boolean).join(', ')));
  pdf.text(plain(`${party.city}, ${party.state} ${party.pincode}`));
  if (party.phone) pdf.text(`Phone: ${plain(party.phone)}`);
}

function collect(pdf: PDFKit.PDFDocument): Promise<Buffer> {
  const chunks: Buffer[] = [];
  pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
  return new Promise<Buffer>((resolve, reject) => {
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });
}

/** The standard fonts draw Latin-1 only. */
function plain(text: string): string {
  return text.replace(/[^\u0020-\u00ff]/g, '?');
}
