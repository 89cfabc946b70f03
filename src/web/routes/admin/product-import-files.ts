// The import's upload (ADR 0014): folders of images streamed in one multipart POST, answered with
// what became of each folder. The page (product-import.tsx) sends it with upload progress.

export { action } from './product-import-files.server.ts';

export interface ImportAnswer {
  error?: string;
  folders?: Array<{ ok: boolean; message: string; productId?: number }>;
}
