// The fonts that draw the scripts of India's official languages in tax documents (ADR 0038): one
// Noto Sans family per script, from its @fontsource package (the script's own subset, regular
// weight). Text is cut into runs by the font that covers each character; everything no script
// font covers stays in the document's standard font.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

/** A script's font: the name a PDF document registers it under, and what it covers. */
export interface ScriptFont {
  name: string;
  covers: (codePoint: number) => boolean;
  /** The font file, which pdfkit reads only when a document draws text in the font. */
  file: string;
}

/**
 * The scripts, in order of preference for a character several of them cover (the danda, the
 * joiners): Devanagari (Hindi, Marathi, Sanskrit, Nepali, Konkani, Maithili, Bodo, Dogri, and
 * Sindhi and Kashmiri as some write them), Bengali (Bengali, Assamese), Gurmukhi (Punjabi),
 * Gujarati, Odia, Tamil, Telugu, Kannada, Malayalam, Ol Chiki (Santali), Meetei Mayek (Manipuri).
 * Perso-Arabic (Urdu, Kashmiri, Sindhi) is not among them: pdfkit cannot lay out right-to-left
 * text (ADR 0038).
 */
const SCRIPTS = [
  'devanagari',
  'bengali',
  'gurmukhi',
  'gujarati',
  'oriya',
  'tamil',
  'telugu',
  'kannada',
  'malayalam',
  'ol-chiki',
  'meetei-mayek',
] as const;

const require = createRequire(import.meta.url);

/** `U+0900-097F,U+20B9` (a subset's unicode-range, as fontsource lists it) as a test of a code point. */
function rangeTest(unicodeRange: string): (codePoint: number) => boolean {
  const ranges = unicodeRange.split(',').map((range) => {
    const [first, last = first] = range.trim().replace(/^U\+/, '').split('-');
    return [Number.parseInt(first!, 16), Number.parseInt(last!, 16)] as const;
  });
  return (codePoint) => ranges.some(([first, last]) => codePoint >= first && codePoint <= last);
}

function scriptFont(script: (typeof SCRIPTS)[number]): ScriptFont {
  const pkg = `@fontsource/noto-sans-${script}`;
  const subsets = JSON.parse(readFileSync(require.resolve(`${pkg}/unicode.json`), 'utf8')) as Record<string, string>;
  return {
    name: `NotoSans-${script}`,
    covers: rangeTest(subsets[script]!),
    file: require.resolve(`${pkg}/files/noto-sans-${script}-${script}-400-normal.woff`),
  };
}

export const SCRIPT_FONTS: readonly ScriptFont[] = SCRIPTS.map(scriptFont);

/** A piece of text drawn in one font: a script font, or null for the document's standard font. */
export interface Run {
  text: string;
  font: ScriptFont | null;
}

/**
 * The text cut into runs of one font each. A character stays in the current run's script font
 * when that font covers it (a danda in Bengali text is drawn by the Bengali font), otherwise it
 * takes the first script font that covers it, otherwise the standard font.
 */
export function runsOf(text: string): Run[] {
  const runs: Run[] = [];
  for (const character of text) {
    const codePoint = character.codePointAt(0)!;
    const current = runs.at(-1);
    const font = current?.font?.covers(codePoint)
      ? current.font
      : (SCRIPT_FONTS.find((candidate) => candidate.covers(codePoint)) ?? null);
    if (current && current.font === font) current.text += character;
    else runs.push({ text: character, font });
  }
  return runs;
}
