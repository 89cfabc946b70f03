// The settings table of docs/operations/configuration.md, made from the schema in config.ts and the
// descriptions beside it, so that the document cannot drift from what the store reads.
// `npm run docs:settings` writes it; config-doc.test.ts fails when the document is out of date.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

import { RATE_RULES } from './shared/rate-limit.ts';
import { EnvSchema, RATE_LIMIT_SETTINGS, SETTING_DOCS } from './config.ts';

const root = path.resolve(import.meta.dirname, '../..');
export const CONFIGURATION_DOC = path.join(root, 'docs/operations/configuration.md');
const TABLE_START = '<!-- settings:start: npm run docs:settings writes this table from src/server/config.ts -->';
const TABLE_END = '<!-- settings:end -->';

interface SettingRow {
  name: string;
  default: string;
  description: string;
}

type SettingName = keyof typeof SETTING_DOCS;

/** The default the schema gives a setting, through the pipes and transforms around it. */
function schemaDefault(schema: z.ZodType): unknown {
  if (schema instanceof z.ZodDefault) return schema.def.defaultValue;
  if (schema instanceof z.ZodPipe) return schemaDefault(schema.def.in as z.ZodType);
  return undefined;
}

function defaultOf(name: SettingName): string | undefined {
  const rule = Object.entries(RATE_LIMIT_SETTINGS).find(([, setting]) => setting === name)?.[0];
  if (rule) return String(RATE_RULES[rule as keyof typeof RATE_RULES].max);
  const value = schemaDefault(EnvSchema.shape[name as keyof typeof EnvSchema.shape]);
  return value === undefined || value === '' ? undefined : String(value);
}

/** "ADR 0009" as a link to docs/decisions/0009-….md, relative to docs/operations. */
function linkDecisions(text: string): string {
  const decisions = readdirSync(path.join(root, 'docs/decisions'));
  return text.replace(/ADR (\d{4})/g, (mention, number: string) => {
    const file = decisions.find((name) => name.startsWith(`${number}-`));
    if (!file) throw new Error(`${mention}: no such decision in docs/decisions`);
    return `[${mention}](../decisions/${file})`;
  });
}

/** The settings that have no description beside the schema (the type catches them too; this is for the test). */
export function undescribedSettings(): string[] {
  const names = [...Object.keys(EnvSchema.shape), ...Object.values(RATE_LIMIT_SETTINGS)];
  return names.filter((name) => !Object.hasOwn(SETTING_DOCS, name));
}

export function settingRows(): SettingRow[] {
  return (Object.entries(SETTING_DOCS) as [SettingName, (typeof SETTING_DOCS)[SettingName]][]).map(([name, doc]) => {
    const fromSchema = defaultOf(name);
    const shown = [fromSchema && `\`${fromSchema}\``, doc.default].filter(Boolean).join(' ') || '–';
    return { name: `\`${name}\``, default: shown, description: linkDecisions(doc.description) };
  });
}

/** The table as Markdown (unpadded: the script has Prettier lay it out). */
export function settingsTable(): string {
  const line = (cells: string[]) => `| ${cells.join(' | ')} |`;
  return [
    line(['Variable', 'Default', 'Meaning']),
    line(['---', '---', '---']),
    ...settingRows().map((row) => line([row.name, row.default, row.description])),
  ].join('\n');
}

/** The rows of the table between the markers of a document, cells trimmed (Prettier pads them). */
export function documentRows(markdown: string): SettingRow[] {
  const start = markdown.indexOf(TABLE_START);
  const end = markdown.indexOf(TABLE_END);
  if (start === -1 || end < start) throw new Error(`the settings table's markers are missing`);
  return markdown
    .slice(start + TABLE_START.length, end)
    .split('\n')
    .filter((line) => line.startsWith('|'))
    .slice(2)
    .map((line) => {
      const [name = '', shown = '', description = ''] = line
        .slice(1, -1)
        .split(/(?<!\\)\|/)
        .map((cell) => cell.trim());
      return { name, default: shown, description };
    });
}

/** The document with its table replaced by `table`. */
export function withTable(markdown: string, table: string): string {
  const start = markdown.indexOf(TABLE_START);
  const end = markdown.indexOf(TABLE_END);
  if (start === -1 || end < start) throw new Error(`the settings table's markers are missing`);
  return `${markdown.slice(0, start + TABLE_START.length)}\n\n${table}\n\n${markdown.slice(end)}`;
}
