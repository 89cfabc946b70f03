// A courier provider in memory, for tests of what the store does with one (src/server/courier/):
// it behaves as Shiprocket does where the store relies on it. It keeps parcels by the store's
// reference, and (like Shiprocket, which has no idempotency key) creates another parcel when asked
// twice; it assigns an AWB once and refuses a second; its labels and manifest are real small PDFs.
// A test tells it to be down (nothing happens), to time out after acting (it happens, the caller
// is not told), or to refuse with a message (a CourierError), for the next calls of a method.
import { PDFDocument, StandardFonts, type PDFFont, type PDFPage } from 'pdf-lib';

import type { CourierDeps } from '../../src/server/courier/parcels.ts';
import type { Database } from '../../src/server/db/client.ts';
import type { JobQueue } from '../../src/server/jobs/queue.ts';
import { createLogger } from '../../src/server/logger.ts';
import { queuedOrderEmails } from '../../src/server/orders/emails.ts';
import { parseParcelSizes } from '../../src/server/shipping/settings.ts';
import {
  CourierError,
  type CourierProvider,
  type NdrAnswer,
  type ProviderShipment,
  type ShipmentRequest,
} from '../../src/server/shipping/provider.ts';

export interface FakeParcel {
  reference: string;
  direction: 'forward' | 'reverse';
  request: ShipmentRequest;
  providerOrderId: string;
  providerShipmentId: string;
  awb?: string;
  courier?: string;
  pickupOn?: string;
  cancelled: boolean;
}

type Method = Exclude<keyof CourierProvider, 'name'>;

/** What goes wrong with a call: nothing reaches the provider, or it acts and the answer is lost, or it refuses. */
export type Trouble = 'down' | 'timeout-after' | { refuse: string };

const COURIER = 'Delhivery Surface';

/** Parcels made by every fake of the run, so that ids and AWBs never repeat within a database. */
let made = 0;

export class FakeCourier implements CourierProvider {
  readonly name = 'Shiprocket';
  /** Every parcel it was asked to make, cancelled ones too, oldest first. */
  readonly parcels: FakeParcel[] = [];
  /** Every call, in order, troubled ones too. */
  readonly calls: Array<{ method: Method; args: unknown[] }> = [];
  /** Down: every call fails before reaching it, until it is back. */
  down = false;
  /** The day a pickup is booked for. */
  pickupOn = '2026-11-30';
  readonly ndrAnswers: Array<{ awb: string; answer: NdrAnswer }> = [];
  private readonly troubles = new Map<Method, Trouble[]>();

  /** The next `times` calls of `method` meet `trouble`. */
  failNext(method: Method, trouble: Trouble, times = 1): void {
    this.troubles.set(method, [...(this.troubles.get(method) ?? []), ...Array<Trouble>(times).fill(trouble)]);
  }

  /** How many times `method` was called. */
  callsOf(method: Method): number {
    return this.calls.filter((call) => call.method === method).length;
  }

  /** The parcels made under a reference. */
  parcelsOf(reference: string): FakeParcel[] {
    return this.parcels.filter((parcel) => parcel.reference === reference);
  }

  /**
   * Runs a call: `act` happens unless the provider is down (or told to be); after a timeout it
   * happened, but the caller gets an error instead of its answer.
   */
  private async call<T>(method: Method, args: unknown[], act: () => T | Promise<T>): Promise<T> {
    this.calls.push({ method, args });
    const trouble = this.troubles.get(method)?.shift();
    if (this.down || trouble === 'down') throw new Error('connect ECONNREFUSED 127.0.0.1:443');
    if (typeof trouble === 'object') throw new CourierError(trouble.refuse);
    const answer = await act();
    if (trouble === 'timeout-after') throw new Error('The operation was aborted due to timeout');
    return answer;
  }

  private parcel(providerShipmentId: string): FakeParcel {
    const parcel = this.parcels.find((one) => one.providerShipmentId === providerShipmentId);
    if (!parcel) throw new CourierError(`Shipment ${providerShipmentId} not found`);
    return parcel;
  }

  private withAwb(providerShipmentIds: string[]): FakeParcel[] {
    return providerShipmentIds.map((id) => {
      const parcel = this.parcel(id);
      if (!parcel.awb) throw new CourierError(`Shipment ${id} has no AWB assigned`);
      return parcel;
    });
  }

  private make(direction: FakeParcel['direction'], request: ShipmentRequest): ProviderShipment {
    made += 1;
    const parcel: FakeParcel = {
      reference: request.reference,
      direction,
      request,
      providerOrderId: String(500_000 + made),
      providerShipmentId: String(800_000 + made),
      cancelled: false,
    };
    this.parcels.push(parcel);
    return shipmentOf(parcel);
  }

  serviceability(deliveryPincode: string) {
    return this.call('serviceability', [deliveryPincode], () => ({
      serviceable: true as const,
      cod: true,
      standardDays: 4,
      expressDays: 2,
    }));
  }

  createShipment(request: ShipmentRequest) {
    return this.call('createShipment', [request], () => this.make('forward', request));
  }

  findShipment(reference: string) {
    return this.call('findShipment', [reference], () => {
      const parcel = this.parcels.find((one) => one.reference === reference && !one.cancelled);
      return parcel ? shipmentOf(parcel) : undefined;
    });
  }

  assignAwb(providerShipmentId: string) {
    return this.call('assignAwb', [providerShipmentId], () => {
      const parcel = this.parcel(providerShipmentId);
      if (parcel.awb) throw new CourierError('AWB is already assigned to this shipment');
      parcel.awb = `SR${String(1_000_000 + Number(providerShipmentId)).slice(-7)}IN`;
      parcel.courier = COURIER;
      return { awb: parcel.awb, courier: COURIER };
    });
  }

  labels(providerShipmentIds: string[]) {
    return this.call('labels', [providerShipmentIds], () =>
      pdfOf(
        this.withAwb(providerShipmentIds).map((parcel) => [
          'Shipping label',
          `AWB ${parcel.awb}`,
          `Courier ${parcel.courier}`,
          `Order ${parcel.reference}`,
          `Ship to ${parcel.request.customer.name}, ${parcel.request.address.city} ${parcel.request.address.pincode}`,
          parcel.request.codPaise > 0 ? `COD Rs. ${(parcel.request.codPaise / 100).toFixed(2)}` : 'Prepaid',
        ]),
      ),
    );
  }

  manifest(providerShipmentIds: string[]) {
    return this.call('manifest', [providerShipmentIds], () =>
      pdfOf([
        [
          'Pickup manifest',
          ...this.withAwb(providerShipmentIds).map((parcel) => `${parcel.awb} ${parcel.reference} ${parcel.courier}`),
        ],
      ]),
    );
  }

  schedulePickup(providerShipmentIds: string[]) {
    return this.call('schedulePickup', [providerShipmentIds], () => {
      // Asked again for a parcel already in the pickup queue, it answers with the same day.
      for (const parcel of this.withAwb(providerShipmentIds)) parcel.pickupOn = this.pickupOn;
      return { pickupOn: this.pickupOn };
    });
  }

  cancel(providerOrderIds: string[]) {
    return this.call('cancel', [providerOrderIds], () => {
      for (const parcel of this.parcels) if (providerOrderIds.includes(parcel.providerOrderId)) parcel.cancelled = true;
    });
  }

  createReturn(request: ShipmentRequest) {
    return this.call('createReturn', [request], () => this.make('reverse', request));
  }

  answerNdr(awb: string, answer: NdrAnswer) {
    return this.call('answerNdr', [awb, answer], () => {
      this.ndrAnswers.push({ awb, answer });
    });
  }
}

function shipmentOf(parcel: FakeParcel): ProviderShipment {
  return {
    providerOrderId: parcel.providerOrderId,
    providerShipmentId: parcel.providerShipmentId,
    ...(parcel.awb ? { awb: parcel.awb, courier: parcel.courier! } : {}),
  };
}

/** A small PDF of one page per entry, each line of text under the one before. */
async function pdfOf(pages: string[][]): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  for (const lines of pages) writeLines(pdf.addPage([298, 420]), font, lines);
  return Buffer.from(await pdf.save());
}

function writeLines(page: PDFPage, font: PDFFont, lines: string[]): void {
  lines.forEach((line, index) => page.drawText(line, { x: 20, y: 390 - index * 18, size: 10, font }));
}

/** The parcel sizes of the tests' store: every category's box alike. */
const TEST_PARCELS = parseParcelSizes('default=0.5kg 30x25x4cm', []);

/**
 * What courier/ needs over a test's database and queue, with `provider` and the clock the test
 * moves (a parcel's lease runs on it).
 */
export function courierDeps(
  db: Database,
  jobs: JobQueue,
  provider: CourierProvider,
  clock: () => Date = () => new Date(),
): CourierDeps {
  return {
    db,
    provider,
    jobs,
    orderEmails: queuedOrderEmails(jobs),
    parcels: TEST_PARCELS,
    logger: createLogger('silent'),
    clock,
  };
}
