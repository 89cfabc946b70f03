// The couriers the store ships with, and where each one's parcels are tracked: `{awb}` in the
// template is replaced by the air waybill number. 'Other' has no template: staff give the tracking
// address themselves (a given address always wins over a template).
export const COURIERS = [
  { name: 'Delhivery', trackingTemplate: 'https://www.delhivery.com/track-v2/package/{awb}' },
  {
    name: 'Blue Dart',
    trackingTemplate: 'https://www.bluedart.com/trackdartresultthirdparty?trackFor=0&trackNo={awb}',
  },
  { name: 'DTDC', trackingTemplate: 'https://www.dtdc.in/trace.asp?strCnno={awb}' },
  { name: 'Ekart', trackingTemplate: 'https://ekartlogistics.com/shipmenttrack/{awb}' },
  { name: 'Xpressbees', trackingTemplate: 'https://www.xpressbees.com/shipment/tracking?awbNo={awb}' },
  { name: 'Other', trackingTemplate: undefined },
] as const;

/** The tracking address of a parcel: the one given, else the courier's template filled in. */
export function trackingUrlOf(courier: string, awb: string, given?: string): string | undefined {
  if (given) return given;
  const template = COURIERS.find((candidate) => candidate.name === courier)?.trackingTemplate;
  return template?.replace('{awb}', encodeURIComponent(awb));
}
