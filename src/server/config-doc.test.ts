import { readFileSync } from 'node:fs';

import { describe, expect, it } from 'vitest';

import { CONFIGURATION_DOC, documentRows, settingRows, undescribedSettings } from './config-doc.ts';

const REGENERATE = 'out of date: run npm run docs:settings';

describe('the settings table of docs/operations/configuration.md', () => {
  it('has a description for every setting the schema reads', () => {
    expect(undescribedSettings().map((name) => `${name}: no description in SETTING_DOCS (config.ts)`)).toEqual([]);
  });

  it('is the table the schema and its descriptions make', () => {
    const documented = new Map(documentRows(readFileSync(CONFIGURATION_DOC, 'utf8')).map((row) => [row.name, row]));
    const expected = settingRows();
    const problems = expected.flatMap((row) => {
      const shown = documented.get(row.name);
      if (!shown) return [`${row.name}: missing from the document; ${REGENERATE}`];
      return shown.default === row.default && shown.description === row.description
        ? []
        : [`${row.name}: the document says otherwise; ${REGENERATE}`];
    });
    const known = new Set(expected.map((row) => row.name));
    for (const name of documented.keys())
      if (!known.has(name)) problems.push(`${name}: not a setting any more; ${REGENERATE}`);
    expect(problems).toEqual([]);
    expect([...documented.keys()]).toEqual(expected.map((row) => row.name));
  });
});
