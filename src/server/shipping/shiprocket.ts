// Shiprocket's REST API as a CourierProvider (docs/decisions/0053).
import type { Logger } from '../logger.ts';
import type { CourierProvider } from './provider.ts';
import type { ShippingSettings, ShiprocketSettings } from './settings.ts';

export function createShiprocketProvider(
  settings: ShiprocketSettings,
  shipping: Pick<ShippingSettings, 'pickupLocation' | 'warehousePincode'>,
  logger: Logger,
): CourierProvider {
  void settings;
  void shipping;
  void logger;
  const unwritten = () => Promise.reject(new Error('Shiprocket: the client is being written'));
  return {
    name: 'shiprocket',
    serviceability: unwritten,
    createShipment: unwritten,
    findShipment: unwritten,
    assignAwb: unwritten,
    labels: unwritten,
    manifest: unwritten,
    schedulePickup: unwritten,
    cancel: unwritten,
    createReturn: unwritten,
    answerNdr: unwritten,
  };
}
