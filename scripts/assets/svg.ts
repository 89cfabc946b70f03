// The SVG drawing space and the small pieces every drawing shares.

// The 400x500 drawing space every garment and tile uses (4:5).
export const VW = 400;
export const VH = 500;

/** Rounds to one decimal: enough for the drawing, and keeps the SVG short. */
export const r1 = (n: number) => Math.round(n * 10) / 10;

/** A fresh id for a <defs> entry, so drawings combined into one SVG never clash. */
let idCounter = 0;
export const uid = (base: string) => `${base}${(idCounter++).toString(36)}`;

/** A radial gradient that reads as a soft contact shadow (blur filters are too slow to rasterise). */
export function softShadowDef(id: string, opacity = 0.22): string {
  return `<radialGradient id="${id}"><stop offset="0" stop-color="#000" stop-opacity="${opacity}"/><stop offset="0.55" stop-color="#000" stop-opacity="${r1(opacity * 0.45 * 100) / 100}"/><stop offset="1" stop-color="#000" stop-opacity="0"/></radialGradient>`;
}

export function svgDoc(width: number, height: number, defs: string, body: string, vw = VW, vh = VH): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${vw} ${vh}"><defs>${defs}</defs>${body}</svg>`;
}
