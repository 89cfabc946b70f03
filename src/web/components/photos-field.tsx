// The optional photos a shopper attaches to a review or a return request (ADR 0025, ADR 0031): the server
// takes JPEG, PNG or WebP and stores each as WebP, so the picker offers those types only.
import { TextField } from './form-field.tsx';

export function PhotosField({ maxPhotos, error }: { maxPhotos: number; error: string | undefined }) {
  return (
    <TextField
      label={`Photos (optional, up to ${maxPhotos}: JPEG, PNG or WebP)`}
      name="photos"
      type="file"
      accept="image/jpeg,image/png,image/webp"
      multiple
      error={error}
    />
  );
}
