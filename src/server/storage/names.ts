// The names of stored files: letters, digits, dots and dashes, never a path, so that no name
// reaches outside the drivers' folder or key prefix.
const FILE_NAME = /^[a-z0-9][a-z0-9._-]*$/i;

export function isFileName(name: string): boolean {
  return FILE_NAME.test(name) && !name.includes('..');
}

/** The name, or an error for one that is not a file's name. */
export function checkedName(name: string): string {
  if (!isFileName(name)) throw new Error(`Not a stored file's name: ${JSON.stringify(name)}`);
  return name;
}
