// What the parcel forms (components/admin/parcel-forms.tsx) post, read for the order and return
// actions as the browser sent it: the services check every field.
export function parcelFields(form: FormData) {
  return {
    courier: form.get('courier') ?? undefined,
    awb: form.get('awb') ?? undefined,
    trackingUrl: form.get('trackingUrl') ?? undefined,
    deliveredOn: form.get('deliveredOn') ?? undefined,
  };
}
