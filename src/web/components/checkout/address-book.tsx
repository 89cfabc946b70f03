import * as Dialog from '@radix-ui/react-dialog';
import { useRef, useState } from 'react';
import { href, useFetcher } from 'react-router';

import { formatAddress } from '../../../common/address.ts';
import type { AddressInput } from '../../../common/validation.ts';
import { useFetcherAnswer } from '../../hooks/use-fetcher-answer.ts';
import { PRIMARY_BUTTON, SECONDARY_BUTTON } from '../buttons.ts';
import { toast } from '../toaster.tsx';
import { AddressForm } from './address-form.tsx';

export interface DeliveryAddress extends AddressInput {
  /** A saved address's id, or 'profile' for the one built from the profile. */
  id: string;
}

type AddressAnswer = { ok: true } | { ok: false; message: string; fieldErrors?: Record<string, string> };

/**
 * The delivery addresses of /checkout (docs/product.md §2, §4): choose one; add, edit and delete
 * saved ones (the profile's address has neither Edit nor Delete). A form closes once the server has
 * taken it; after an add or a delete the first address (the newest) is chosen.
 */
export function AddressBook({
  addresses,
  refusals = {},
  selectedId,
  onSelect,
}: {
  addresses: DeliveryAddress[];
  /** By address id: why the order cannot go there ('We do not deliver to this pincode yet'). */
  refusals?: Record<string, string>;
  selectedId: string | undefined;
  /** An address's id, or undefined for the first one. */
  onSelect: (id: string | undefined) => void;
}) {
  const fetcher = useFetcher<AddressAnswer>();
  const busy = fetcher.state !== 'idle';
  const serverErrors = fetcher.data && !fetcher.data.ok ? fetcher.data.fieldErrors : undefined;
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<string>();
  const [confirming, setConfirming] = useState<DeliveryAddress>();
  const sent = useRef<'add' | 'update' | 'delete'>(undefined);

  function add(address: AddressInput) {
    sent.current = 'add';
    void fetcher.submit({ address }, { method: 'post', encType: 'application/json', action: href('/api/addresses') });
  }
  function update(id: string, address: AddressInput) {
    sent.current = 'update';
    void fetcher.submit(
      { address },
      { method: 'put', encType: 'application/json', action: href('/api/addresses/:id', { id }) },
    );
  }
  function remove(id: string) {
    sent.current = 'delete';
    void fetcher.submit(null, { method: 'delete', action: href('/api/addresses/:id', { id }) });
  }

  useFetcherAnswer(fetcher.data, (answer) => {
    if (!answer.ok) {
      toast.error(answer.message);
      return;
    }
    setAdding(false);
    setEditing(undefined);
    if (sent.current !== 'update') onSelect(undefined);
  });

  return (
    <section aria-labelledby="addresses-title" className="rounded-lg border border-black/10 bg-white p-6">
      <div className="flex items-center justify-between gap-4">
        <h2 id="addresses-title" className="text-lg font-black uppercase">
          Delivery Address
        </h2>
        <button
          type="button"
          className="font-semibold underline"
          onClick={() => {
            setAdding((open) => !open);
            setEditing(undefined);
          }}
        >
          {adding ? 'Cancel' : 'Add New Address'}
        </button>
      </div>

      {adding ? (
        <div className="mt-4">
          <AddressForm
            submitLabel="Save Address"
            busy={busy}
            serverErrors={serverErrors}
            onCancel={() => setAdding(false)}
            onSubmit={add}
          />
        </div>
      ) : null}

      {addresses.length === 0 ? (
        <p className="mt-4 text-muted">
          You don&apos;t have any saved delivery addresses yet. Please add one to continue.
        </p>
      ) : (
        <fieldset className="mt-4">
          <legend className="sr-only">Choose a delivery address</legend>
          <ul className="space-y-3">
            {addresses.map((address) => (
              <li key={address.id} className="rounded-md border border-black/15 p-4">
                {editing === address.id ? (
                  <AddressForm
                    initial={address}
                    submitLabel="Update Address"
                    busy={busy}
                    serverErrors={serverErrors}
                    onCancel={() => setEditing(undefined)}
                    onSubmit={(changed) => update(address.id, changed)}
                  />
                ) : (
                  <div className="flex items-start gap-3">
                    <input
                      type="radio"
                      name="address"
                      id={`address-${address.id}`}
                      className="mt-1 h-5 w-5 accent-ink"
                      checked={selectedId === address.id}
                      onChange={() => onSelect(address.id)}
                      aria-describedby={refusals[address.id] ? `address-${address.id}-refusal` : undefined}
                    />
                    <div className="flex-1">
                      <label htmlFor={`address-${address.id}`}>
                        <span className="block font-semibold">{address.name}</span>
                        <span className="block text-sm text-muted">{formatAddress(address)}</span>
                        <span className="block text-sm text-muted">Phone: {address.phone}</span>
                      </label>
                      {refusals[address.id] ? (
                        <p id={`address-${address.id}-refusal`} className="mt-1 text-sm font-semibold text-brand-dark">
                          {refusals[address.id]}
                        </p>
                      ) : null}
                    </div>
                    {address.id === 'profile' ? null : (
                      <span className="flex gap-3 text-sm font-semibold">
                        <button
                          type="button"
                          className="underline"
                          aria-label={`Edit the address of ${address.name}`}
                          onClick={() => {
                            setEditing(address.id);
                            setAdding(false);
                          }}
                        >
                          Edit
                        </button>
                        <button
                          type="button"
                          className="text-brand-dark underline"
                          aria-label={`Delete the address of ${address.name}`}
                          onClick={() => setConfirming(address)}
                        >
                          Delete
                        </button>
                      </span>
                    )}
                  </div>
                )}
              </li>
            ))}
          </ul>
        </fieldset>
      )}

      <Dialog.Root
        open={confirming !== undefined}
        onOpenChange={(open) => (open ? undefined : setConfirming(undefined))}
      >
        <Dialog.Portal>
          <Dialog.Overlay className="fixed inset-0 z-50 bg-black/50" />
          <Dialog.Content className="fixed top-1/2 left-1/2 z-50 w-[min(92vw,24rem)] -translate-x-1/2 -translate-y-1/2 rounded-lg bg-paper p-6 shadow-xl">
            <Dialog.Title className="text-lg font-black">Delete this address?</Dialog.Title>
            <Dialog.Description className="mt-2 text-sm text-muted">
              {confirming ? formatAddress(confirming) : ''}
            </Dialog.Description>
            <div className="mt-6 flex gap-3">
              <button
                type="button"
                className={PRIMARY_BUTTON}
                onClick={() => {
                  if (confirming) remove(confirming.id);
                  setConfirming(undefined);
                }}
              >
                Delete
              </button>
              <Dialog.Close className={SECONDARY_BUTTON}>Cancel</Dialog.Close>
            </div>
          </Dialog.Content>
        </Dialog.Portal>
      </Dialog.Root>
    </section>
  );
}
