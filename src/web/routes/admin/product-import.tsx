import { useState, type DragEvent } from 'react';
import { href, Link } from 'react-router';

import { CATEGORIES, COLLECTIONS } from '../../../common/catalog.ts';
import { Alert } from '../../components/admin/alert.tsx';
import { BackToProducts } from '../../components/admin/back-to-products.tsx';
import { SelectField } from '../../components/form-field.tsx';
import { PRIMARY_BUTTON, SECONDARY_BUTTON } from '../../components/buttons.ts';
import { adminProductPath } from '../../paths.ts';
import { adminPageMeta } from '../../seo.ts';
import type { ImportAnswer } from './product-import-files.ts';
import type { Route } from './+types/product-import';

export { loader } from './product-import.server.ts';

export function meta(args: Route.MetaArgs) {
  return adminPageMeta(args, 'Import products', 'Import from image folders.');
}

const UPLOAD_URL = href('/admin/products/import/files');

interface ChosenFile {
  file: File;
  /** Its path inside what was picked or dropped: "astro-tee/1.jpg". */
  path: string;
}

type Phase =
  | { kind: 'idle' }
  | { kind: 'uploading'; percent: number }
  | { kind: 'processing' }
  | { kind: 'done'; answer: ImportAnswer };

/** Import from image folders (docs/product.md §2 "Admin products"): pick or drop folders, one product each. */
export default function ProductImport({ loaderData }: Route.ComponentProps) {
  const { defaults } = loaderData;
  const [chosen, setChosen] = useState<ChosenFile[]>([]);
  const [phase, setPhase] = useState<Phase>({ kind: 'idle' });
  const [dragging, setDragging] = useState(false);
  const busy = phase.kind === 'uploading' || phase.kind === 'processing';
  const folders = foldersOf(chosen);

  const choose = (files: ChosenFile[]) => {
    setChosen(files);
    setPhase({ kind: 'idle' });
  };

  const onDrop = async (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    // Entries must be taken while the event lasts; reading them can wait.
    const entries = [...event.dataTransfer.items]
      .map((item) => item.webkitGetAsEntry())
      .filter((entry): entry is FileSystemEntry => entry !== null);
    choose(await filesOfEntries(entries));
  };

  const submit = (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy || chosen.length === 0) return;
    const body = new FormData(event.currentTarget);
    body.delete('picker');
    for (const { file, path } of chosen) body.append('images', file, path);
    setPhase({ kind: 'uploading', percent: 0 });
    // XMLHttpRequest, because fetch cannot report upload progress.
    const request = new XMLHttpRequest();
    request.open('POST', UPLOAD_URL);
    request.upload.onprogress = (progress) => {
      if (progress.lengthComputable)
        setPhase({ kind: 'uploading', percent: Math.round((progress.loaded / progress.total) * 100) });
    };
    request.upload.onload = () => setPhase({ kind: 'processing' });
    request.onload = () => {
      let answer: ImportAnswer;
      try {
        answer = JSON.parse(request.responseText) as ImportAnswer;
      } catch {
        answer = { error: 'The import failed. Please try again.' };
      }
      setPhase({ kind: 'done', answer });
      if (answer.folders?.some((folder) => folder.ok)) setChosen([]);
    };
    request.onerror = () =>
      setPhase({ kind: 'done', answer: { error: 'The upload was interrupted. Please check your connection.' } });
    request.send(body);
  };

  return (
    <section aria-labelledby="import-title" className="mt-6 max-w-3xl">
      <BackToProducts />
      <h1 id="import-title" className="mt-2 text-2xl font-black uppercase">
        Import from image folders
      </h1>
      <p className="mt-2 text-sm text-muted">
        Each folder becomes one product named after the folder (dashes and underscores become spaces), with its images
        in file-name order; the first is the thumbnail. JPEG, PNG or WebP, at most 10 MB each and 20 per product. New
        products start at {defaults.price}, sizes {defaults.sizes} with {defaults.stock} units each, &lsquo;
        {defaults.returnPolicy}&rsquo;, delivery in {defaults.standardDelivery} (express {defaults.expressDelivery}) and
        pincode delivery on.
      </p>
      <form onSubmit={submit} className="mt-6 grid gap-4">
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField
            label="Collection"
            name="collection"
            required
            options={COLLECTIONS.map((c) => ({ value: c.slug, label: c.name }))}
          />
          <SelectField
            label="Category"
            name="category"
            required
            options={CATEGORIES.map((c) => ({ value: c.slug, label: c.name }))}
          />
        </div>
        <div
          onDragOver={(event) => {
            event.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={(event) => void onDrop(event)}
          data-testid="drop-zone"
          className={`rounded-lg border-2 border-dashed p-6 text-center ${dragging ? 'border-ink bg-black/5' : 'border-black/25'}`}
        >
          <p className="font-semibold">Drop folders here</p>
          <p className="mt-1 text-sm text-muted">or</p>
          <label className="mt-2 inline-block cursor-pointer rounded-md border border-ink px-4 py-2 font-bold focus-within:ring-2 focus-within:ring-ink/40">
            Choose a folder
            <input
              type="file"
              name="picker"
              multiple
              className="sr-only"
              // A folder picker: the browser sends each file's path inside the folder.
              {...{ webkitdirectory: '' }}
              onChange={(event) =>
                choose(
                  [...(event.currentTarget.files ?? [])].map((file) => ({
                    file,
                    path: file.webkitRelativePath || file.name,
                  })),
                )
              }
            />
          </label>
        </div>
        {folders.length > 0 ? (
          <div>
            <h2 className="font-bold">Ready to import</h2>
            <ul className="mt-1 list-disc pl-5 text-sm">
              {folders.map(({ folder, count }) => (
                <li key={folder}>
                  {folder}: {count} {count === 1 ? 'file' : 'files'}
                </li>
              ))}
            </ul>
          </div>
        ) : null}
        <div className="flex flex-wrap gap-3">
          <button type="submit" className={`${PRIMARY_BUTTON} sm:w-auto`} disabled={busy || chosen.length === 0}>
            {busy ? 'Importing…' : 'Import'}
          </button>
          {chosen.length > 0 && !busy ? (
            <button type="button" className={`${SECONDARY_BUTTON} sm:w-auto`} onClick={() => choose([])}>
              Clear
            </button>
          ) : null}
        </div>
      </form>
      {busy ? (
        <div className="mt-4">
          <label htmlFor="import-progress" className="text-sm font-semibold">
            {phase.kind === 'uploading' ? `Uploading… ${phase.percent}%` : 'Making the images…'}
          </label>
          <progress
            id="import-progress"
            className="mt-1 block h-3 w-full"
            max={100}
            value={phase.kind === 'uploading' ? phase.percent : undefined}
          />
        </div>
      ) : null}
      {phase.kind === 'done' ? <ImportOutcome answer={phase.answer} /> : null}
    </section>
  );
}

function ImportOutcome({ answer }: { answer: ImportAnswer }) {
  if (answer.error) return <Alert tone="error">{answer.error}</Alert>;
  return (
    <>
      {(answer.folders ?? []).map((folder) => (
        <Alert key={folder.message} tone={folder.ok ? 'success' : 'error'}>
          {folder.message}{' '}
          {folder.productId ? (
            <Link to={adminProductPath(folder.productId)} className="underline">
              Edit it
            </Link>
          ) : null}
        </Alert>
      ))}
    </>
  );
}

/** The folders among the chosen files (their files' parent folder), with how many files each holds. */
function foldersOf(files: ChosenFile[]): Array<{ folder: string; count: number }> {
  const counts = new Map<string, number>();
  for (const { path } of files) {
    const folder = path.split('/').slice(0, -1).pop() ?? '';
    if (folder) counts.set(folder, (counts.get(folder) ?? 0) + 1);
  }
  return [...counts].map(([folder, count]) => ({ folder, count }));
}

/** Every file under dropped folders, with its path from the dropped item. */
async function filesOfEntries(entries: FileSystemEntry[], prefix = ''): Promise<ChosenFile[]> {
  const found: ChosenFile[] = [];
  for (const entry of entries) {
    if (entry.isFile) {
      const file = await new Promise<File>((resolve, reject) => (entry as FileSystemFileEntry).file(resolve, reject));
      found.push({ file, path: `${prefix}${entry.name}` });
    } else if (entry.isDirectory) {
      const reader = (entry as FileSystemDirectoryEntry).createReader();
      // A directory reader hands its entries over in batches until an empty one.
      for (;;) {
        const batch = await new Promise<FileSystemEntry[]>((resolve, reject) => reader.readEntries(resolve, reject));
        if (batch.length === 0) break;
        found.push(...(await filesOfEntries(batch, `${prefix}${entry.name}/`)));
      }
    }
  }
  return found;
}
