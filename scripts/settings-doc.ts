// `npm run docs:settings`: writes the settings table of docs/operations/configuration.md from the
// schema in src/server/config.ts (src/server/config-doc.ts makes it), laid out by Prettier.
import { readFileSync, writeFileSync } from 'node:fs';

import * as prettier from 'prettier';

import { CONFIGURATION_DOC, settingsTable, withTable } from '../src/server/config-doc.ts';

const markdown = withTable(readFileSync(CONFIGURATION_DOC, 'utf8'), settingsTable());
const options = await prettier.resolveConfig(CONFIGURATION_DOC);
writeFileSync(CONFIGURATION_DOC, await prettier.format(markdown, { ...options, filepath: CONFIGURATION_DOC }));
console.log(`wrote the settings table of ${CONFIGURATION_DOC}`);
