// The print motifs, placed once or scattered, and the all-over patterns.
// Each motif is drawn in a 100x100 box centred on the origin, then placed with `motif`.
import { lum, mix, type Palette, tint } from './palette.ts';
import { prng } from './random.ts';
import { r1 } from './svg.ts';

type Motif = (p: Palette, rnd: () => number) => string;

function starPath(cx: number, cy: number, outer: number, inner: number, points: number, rot = -90): string {
  const pts: string[] = [];
  for (let i = 0; i < points * 2; i++) {
    const r = i % 2 === 0 ? outer : inner;
    const a = ((rot + (i * 180) / points) * Math.PI) / 180;
    pts.push(`${r1(cx + r * Math.cos(a))} ${r1(cy + r * Math.sin(a))}`);
  }
  return `M${pts.join(' L')}Z`;
}
function sparkle(cx: number, cy: number, r: number, fill: string): string {
  return `<path d="M${cx} ${cy - r} Q${cx} ${cy} ${cx + r} ${cy} Q${cx} ${cy} ${cx} ${cy + r} Q${cx} ${cy} ${cx - r} ${cy} Q${cx} ${cy} ${cx} ${cy - r}Z" fill="${fill}"/>`;
}
function flowerHead(cx: number, cy: number, r: number, petal: string, centre: string): string {
  let s = '';
  for (let i = 0; i < 10; i++) {
    const a = (i * Math.PI) / 5;
    s += `<circle cx="${r1(cx + Math.cos(a) * r * 0.62)}" cy="${r1(cy + Math.sin(a) * r * 0.62)}" r="${r1(r * 0.5)}" fill="${petal}"/>`;
  }
  return `${s}<circle cx="${r1(cx)}" cy="${r1(cy)}" r="${r1(r * 0.45)}" fill="${centre}"/>`;
}

const MOTIFS: Record<string, Motif> = {
  smiley: (p) =>
    `<circle r="46" fill="${p.accent}"/><ellipse cx="-15" cy="-12" rx="6" ry="10" fill="${p.base}"/>` +
    `<ellipse cx="15" cy="-12" rx="6" ry="10" fill="${p.base}"/>` +
    `<path d="M-27 8 Q0 40 27 8" fill="none" stroke="${p.base}" stroke-width="7" stroke-linecap="round"/>`,
  rocket: (p) =>
    `${sparkle(-36, -34, 9, p.a2)}${sparkle(38, 30, 7, p.a2)}${sparkle(-30, 36, 5, p.accent)}` +
    `<g transform="rotate(35)"><path d="M-10 24 Q0 62 10 24Z" fill="${p.a2}"/>` +
    `<path d="M-16 6 L-31 32 L-14 25Z M16 6 L31 32 L14 25Z" fill="${p.a2}"/>` +
    `<path d="M0 -50 C19 -32 21 -4 16 24 L-16 24 C-21 -4 -19 -32 0 -50Z" fill="${p.accent}"/>` +
    `<circle cy="-12" r="8" fill="${p.base}" stroke="${p.a2}" stroke-width="4"/></g>`,
  gamepad: (p) =>
    `<path d="M-38 -22 L38 -22 Q48 -22 48 -10 L50 18 Q51 34 38 34 Q29 34 24 22 L-24 22 Q-29 34 -38 34 Q-51 34 -50 18 L-48 -10 Q-48 -22 -38 -22Z" fill="${p.accent}"/>` +
    `<path d="M-28 -11 h7 v8 h8 v7 h-8 v8 h-7 v-8 h-8 v-7 h8z" fill="${p.base}"/>` +
    `<circle cx="22" cy="-6" r="5" fill="${p.base}"/><circle cx="33" cy="2" r="5" fill="${p.base}"/>` +
    `<circle cx="22" cy="10" r="5" fill="${p.a2}"/><circle cx="11" cy="2" r="5" fill="${p.a2}"/>` +
    `<rect x="-9" y="-14" width="7" height="3.5" rx="1.7" fill="${p.base}"/><rect x="2" y="-14" width="7" height="3.5" rx="1.7" fill="${p.base}"/>`,
  waves: (p) =>
    [-30, -10, 10, 30]
      .map((y, i) => {
        const a = 9 - i;
        return `<path d="M-48 ${y} Q-42 ${y - a} -36 ${y} T-24 ${y} T-12 ${y} T0 ${y} T12 ${y} T24 ${y} T36 ${y} T48 ${y}" fill="none" stroke="${i % 2 ? p.a2 : p.accent}" stroke-width="6" stroke-linecap="round"/>`;
      })
      .join(''),
  lightning: (p) =>
    `<path d="M14 -50 L-26 6 L-2 6 L-14 50 L30 -12 L6 -12 L22 -50Z" fill="${p.a2}" transform="translate(5 4)"/>` +
    `<path d="M14 -50 L-26 6 L-2 6 L-14 50 L30 -12 L6 -12 L22 -50Z" fill="${p.accent}"/>`,
  flame: (p) => {
    const d =
      'M0 50 C-34 50 -44 22 -34 -2 C-28 -16 -18 -22 -16 -36 C-6 -28 -4 -18 -6 -10 C2 -26 10 -40 4 -54 C26 -40 40 -16 36 10 C44 4 44 -6 42 -12 C52 6 50 30 36 42 C26 50 12 50 0 50Z';
    return `<path d="${d}" fill="${p.accent}"/><path d="${d}" fill="${p.a2}" transform="translate(0 22) scale(0.55)"/>`;
  },
  chain: (p) => {
    let s = '';
    for (let i = 0; i <= 8; i++) {
      const x = -44 + i * 11;
      const y = 0.014 * x * x - 22;
      const ang = (Math.atan(0.028 * x) * 180) / Math.PI;
      const ry = i % 2 ? 2.5 : 5.5;
      s += `<ellipse cx="${r1(x)}" cy="${r1(y)}" rx="8" ry="${ry}" transform="rotate(${r1(ang)} ${r1(x)} ${r1(y)})" fill="none" stroke="${p.accent}" stroke-width="3.5"/>`;
    }
    return `${s}<path d="M0 -14 L14 4 L0 30 L-14 4Z" fill="${p.accent}"/><path d="M0 -14 L0 30 M-14 4 L14 4" stroke="${p.a2}" stroke-width="2"/>`;
  },
  crown: (p) =>
    `<path d="M-40 24 L-45 -24 L-20 -2 L0 -36 L20 -2 L45 -24 L40 24Z" fill="${p.accent}"/>` +
    `<rect x="-41" y="14" width="82" height="15" rx="3" fill="${p.a2}"/>` +
    `<circle cx="-45" cy="-26" r="6" fill="${p.accent}"/><circle cx="0" cy="-38" r="6" fill="${p.accent}"/><circle cx="45" cy="-26" r="6" fill="${p.accent}"/>` +
    `<circle cx="-22" cy="21.5" r="4" fill="${p.base}"/><circle cx="0" cy="21.5" r="4" fill="${p.base}"/><circle cx="22" cy="21.5" r="4" fill="${p.base}"/>`,
  mirror: (p) => {
    let s = '';
    for (const [x, y] of [
      [0, -30],
      [-26, 0],
      [26, 0],
      [0, 30],
      [0, 0],
    ] as const) {
      s += `<path d="M${x} ${y - 18} L${x + 18} ${y} L${x} ${y + 18} L${x - 18} ${y}Z" fill="none" stroke="${p.accent}" stroke-width="3"/>`;
      s += `<circle cx="${x}" cy="${y}" r="6" fill="#f7f7f2" stroke="${p.accent}" stroke-width="2"/>`;
    }
    return s;
  },
  peacock: (p) => {
    let barbs = '';
    for (let i = 0; i < 7; i++) {
      const y = 44 - i * 7;
      barbs += `<path d="M${r1(-2 + i * 0.4)} ${y} q-14 -6 -20 -16 M${r1(-1 + i * 0.4)} ${y} q12 -6 18 -16" stroke="${p.a2}" stroke-width="2" fill="none"/>`;
    }
    return (
      `${barbs}<path d="M-2 52 Q-6 10 4 -40" stroke="${p.a2}" stroke-width="3.5" fill="none"/>` +
      `<path d="M4 -50 C30 -42 34 -6 10 18 C0 28 -6 28 -9 20 C-26 -4 -18 -42 4 -50Z" fill="${p.accent}"/>` +
      `<ellipse cx="4" cy="-14" rx="15" ry="19" fill="${p.a2}"/><ellipse cx="4" cy="-12" rx="9.5" ry="12.5" fill="${p.base}"/>` +
      `<ellipse cx="4" cy="-10" rx="4.5" ry="6.5" fill="${p.accent}"/>`
    );
  },
  dandiya: (p) => {
    let s = '';
    for (const rot of [-32, 32]) {
      s += `<g transform="rotate(${rot})"><rect x="-5" y="-50" width="10" height="98" rx="5" fill="${p.accent}"/>`;
      for (const y of [-34, -10, 14]) s += `<rect x="-5" y="${y}" width="10" height="6" fill="${p.a2}"/>`;
      s += `<path d="M0 48 L-7 60 M0 48 L0 62 M0 48 L7 60" stroke="${p.a2}" stroke-width="2.5" stroke-linecap="round"/></g>`;
    }
    return `${s}<circle cx="-40" cy="-6" r="4" fill="${p.a2}"/><circle cx="40" cy="-6" r="4" fill="${p.a2}"/><circle cx="0" cy="-46" r="4" fill="${p.accent}"/>`;
  },
  planet: (p) =>
    `${sparkle(-38, -36, 8, p.a2)}${sparkle(40, -30, 6, p.accent)}${sparkle(34, 38, 7, p.a2)}` +
    `<ellipse rx="50" ry="13" transform="rotate(-18)" fill="none" stroke="${p.a2}" stroke-width="6"/>` +
    `<circle r="27" fill="${p.accent}"/><path d="M-24 -8 Q0 -2 25 -12 M-26 8 Q0 14 26 2" stroke="${p.a2}" stroke-width="3" fill="none" opacity="0.6"/>` +
    `<path d="M-50 0 A50 13 0 0 0 50 0" transform="rotate(-18)" fill="none" stroke="${p.a2}" stroke-width="6"/>`,
  cassette: (p) =>
    `<rect x="-48" y="-31" width="96" height="62" rx="6" fill="${p.accent}"/>` +
    `<rect x="-39" y="-23" width="78" height="34" rx="4" fill="${p.a2}"/>` +
    `<rect x="-26" y="-15" width="52" height="18" rx="9" fill="${p.base}"/>` +
    `<circle cx="-15" cy="-6" r="6" fill="${p.accent}"/><circle cx="15" cy="-6" r="6" fill="${p.accent}"/>` +
    `<circle cx="-15" cy="-6" r="2.4" fill="${p.base}"/><circle cx="15" cy="-6" r="2.4" fill="${p.base}"/>` +
    `<path d="M-26 31 L-20 18 L20 18 L26 31Z" fill="${p.a2}"/><line x1="-33" y1="-19" x2="33" y2="-19" stroke="${p.accent}" stroke-width="1.5"/>` +
    `<circle cx="-43" cy="-26" r="2" fill="${p.a2}"/><circle cx="43" cy="-26" r="2" fill="${p.a2}"/>`,
  dots: (p) => {
    let s = '';
    for (const [x, y] of [
      [-24, -24],
      [24, -24],
      [0, 0],
      [-24, 24],
      [24, 24],
    ] as const) {
      for (const [dx, dy] of [
        [0, -7],
        [7, 0],
        [0, 7],
        [-7, 0],
      ] as const)
        s += `<circle cx="${x + dx}" cy="${y + dy}" r="3.6" fill="${p.accent}"/>`;
    }
    return s;
  },
  kite: (p) =>
    `<path d="M2 40 Q-14 52 -4 62 Q8 72 -10 82" fill="none" stroke="${p.a2}" stroke-width="2.5" transform="translate(6 -30)"/>` +
    `<g transform="translate(0 -6) rotate(14)"><path d="M0 -44 L32 -6 L0 38 L-32 -6Z" fill="${p.accent}"/>` +
    `<path d="M0 -44 L0 38 M-32 -6 L32 -6" stroke="${p.base}" stroke-width="2.5"/><path d="M0 38 L-7 48 L7 48Z" fill="${p.a2}"/></g>` +
    `<path d="M-6 40 l-8 -5 l0 10z M-6 40 l8 -5 l0 10z" fill="${p.accent}"/>`,
  dino: (p) => {
    let spikes = '';
    for (const x of [-22, -10, 2, 13])
      spikes += `<path d="M${x - 6} ${x > 8 ? -6 : -9} L${x} ${x > 8 ? -18 : -21} L${x + 6} ${x > 8 ? -6 : -9}Z" fill="${p.a2}"/>`;
    return (
      `${spikes}<ellipse cx="-4" cy="8" rx="31" ry="20" fill="${p.accent}"/>` +
      `<path d="M12 -2 Q20 -30 30 -36 L44 -36 Q53 -34 51 -24 Q49 -17 38 -18 Q31 -10 28 8Z" fill="${p.accent}"/>` +
      `<path d="M-30 2 Q-46 -2 -52 -16 Q-44 14 -18 22Z" fill="${p.accent}"/>` +
      `<rect x="-20" y="18" width="11" height="22" rx="4" fill="${p.accent}"/><rect x="6" y="18" width="11" height="22" rx="4" fill="${p.accent}"/>` +
      `<circle cx="41" cy="-29" r="3.2" fill="${p.base}"/><path d="M40 -22 Q45 -20 49 -23" stroke="${p.base}" stroke-width="2" fill="none"/>`
    );
  },
  mandala: (p) => {
    let s = `<circle r="48" fill="none" stroke="${p.accent}" stroke-width="2.5"/>`;
    for (let i = 0; i < 16; i++)
      s += `<ellipse cy="-36" rx="5" ry="10" fill="${p.accent}" transform="rotate(${i * 22.5})"/>`;
    s += `<circle r="27" fill="${p.a2}"/>`;
    for (let i = 0; i < 8; i++)
      s += `<ellipse cy="-18" rx="6.5" ry="11" fill="${p.accent}" transform="rotate(${i * 45 + 22.5})"/>`;
    return `${s}<circle r="9" fill="${p.base}"/><circle r="4.5" fill="${p.accent}"/>`;
  },
  marigold: (p) => {
    const leaf = mix('#2d6a4f', p.base, 0.25);
    let s = `<path d="M-50 -26 Q0 24 50 -26" fill="none" stroke="${p.a2}" stroke-width="2"/>`;
    for (let i = 0; i < 7; i++) {
      const t = i / 6;
      const x = -50 + 100 * t;
      const y = (1 - t) * (1 - t) * -26 + 2 * (1 - t) * t * 24 + t * t * -26;
      if (i % 2 === 1) {
        s += `<line x1="${r1(x)}" y1="${r1(y)}" x2="${r1(x)}" y2="${r1(y + 26)}" stroke="${p.a2}" stroke-width="1.5"/>`;
        s += `<ellipse cx="${r1(x - 5)}" cy="${r1(y + 14)}" rx="5" ry="2.5" fill="${leaf}" transform="rotate(-30 ${r1(x - 5)} ${r1(y + 14)})"/>`;
        s += flowerHead(x, y + 30, 6, p.accent, p.a2);
      }
      s += `<ellipse cx="${r1(x + 7)}" cy="${r1(y - 6)}" rx="6" ry="3" fill="${leaf}" transform="rotate(-25 ${r1(x + 7)} ${r1(y - 6)})"/>`;
      s += flowerHead(x, y, 9, p.accent, p.a2);
    }
    return s;
  },
  diamond: (p) =>
    `${sparkle(38, -36, 8, p.accent)}${sparkle(-40, 26, 6, p.a2)}` +
    `<path d="M-40 -14 L-22 -36 L22 -36 L40 -14 L0 42Z" fill="${p.accent}"/>` +
    `<path d="M-40 -14 L40 -14 M-22 -36 L-12 -14 L0 -36 L12 -14 L22 -36 M-12 -14 L0 42 L12 -14" fill="none" stroke="${p.base}" stroke-width="2.5" stroke-linejoin="round"/>`,
  stars: (p) =>
    `<path d="${starPath(0, 2, 36, 15, 5)}" fill="${p.accent}"/><path d="${starPath(-38, -34, 11, 4.5, 5)}" fill="${p.a2}"/>` +
    `<path d="${starPath(38, -30, 13, 5.5, 5)}" fill="${p.accent}"/><path d="${starPath(34, 38, 9, 4, 5)}" fill="${p.a2}"/>` +
    `<path d="${starPath(-36, 34, 8, 3.5, 5)}" fill="${p.accent}"/>`,
  rainbow: (p) => {
    const cloud = lum(p.base) > 0.85 ? '#cfe3f6' : '#ffffff';
    const cols = [p.accent, '#ffbe0b', '#3a86ff', '#8ac926'];
    let s = '';
    cols.forEach((c, i) => {
      const r = 46 - i * 9;
      s += `<path d="M${-r} 22 A${r} ${r} 0 0 1 ${r} 22" fill="none" stroke="${c}" stroke-width="9"/>`;
    });
    for (const x of [-36, 36])
      s += `<g fill="${cloud}"><circle cx="${x - 8}" cy="26" r="9"/><circle cx="${x + 3}" cy="20" r="12"/><circle cx="${x + 13}" cy="28" r="8"/><rect x="${x - 17}" y="26" width="38" height="10" rx="5"/></g>`;
    return s;
  },
  cloud: (p) => {
    const c = (x: number, y: number, k: number, fill: string) =>
      `<g transform="translate(${x} ${y}) scale(${k})" fill="${fill}"><circle cx="-20" cy="6" r="16"/><circle cx="0" cy="-6" r="21"/><circle cx="21" cy="6" r="15"/><rect x="-36" y="4" width="72" height="18" rx="9"/></g>`;
    return c(-4, 10, 1, p.accent) + c(28, -30, 0.5, p.a2) + c(-30, -30, 0.38, p.a2);
  },
  drip: (p, rnd) => {
    let s = `<rect x="-50" y="-50" width="100" height="16" fill="${p.accent}"/>`;
    for (let i = 0; i < 9; i++) {
      const x = -44 + i * 11;
      const len = 12 + Math.floor(rnd() * 58);
      s += `<rect x="${x - 4}" y="-40" width="8" height="${len}" rx="4" fill="${p.accent}"/>`;
      if (rnd() > 0.55) s += `<circle cx="${x}" cy="${-40 + len + 8}" r="3.2" fill="${p.accent}"/>`;
    }
    return s;
  },
  speaker: (p) =>
    `<path d="M38 -16 Q48 0 38 16 M46 -28 Q62 0 46 28 M-38 -16 Q-48 0 -38 16 M-46 -28 Q-62 0 -46 28" fill="none" stroke="${p.accent}" stroke-width="4" stroke-linecap="round"/>` +
    `<rect x="-30" y="-47" width="60" height="94" rx="6" fill="${p.accent}"/>` +
    `<circle cy="18" r="21" fill="${p.base}"/><circle cy="18" r="13" fill="${p.a2}"/><circle cy="18" r="5" fill="${p.accent}"/>` +
    `<circle cy="-25" r="11" fill="${p.base}"/><circle cy="-25" r="5" fill="${p.a2}"/>`,
  eye: (p) => {
    let rays = '';
    for (let i = 0; i < 9; i++) {
      const a = ((-160 + i * 17.5) * Math.PI) / 180;
      rays += `<line x1="${r1(Math.cos(a) * 36)}" y1="${r1(6 + Math.sin(a) * 34)}" x2="${r1(Math.cos(a) * 50)}" y2="${r1(6 + Math.sin(a) * 48)}" stroke="${p.accent}" stroke-width="4" stroke-linecap="round"/>`;
    }
    return (
      `${rays}<path d="M-46 8 Q0 -32 46 8 Q0 44 -46 8Z" fill="${p.a2}" stroke="${p.accent}" stroke-width="5"/>` +
      `<circle cy="8" r="15" fill="${p.accent}"/><circle cy="8" r="6" fill="${p.base}"/><circle cx="5" cy="3" r="2.5" fill="#ffffff" opacity="0.8"/>`
    );
  },
  dhol: (p) => {
    let zig = 'M-30 -24';
    for (let i = 1; i <= 6; i++) zig += ` L${-30 + i * 10} ${i % 2 ? 24 : -24}`;
    return (
      `<path d="M-36 -24 Q0 -64 36 -24" fill="none" stroke="${p.a2}" stroke-width="3"/>` +
      `<path d="M-36 -27 Q0 -35 36 -27 L36 27 Q0 35 -36 27Z" fill="${p.accent}"/>` +
      `<path d="${zig}" fill="none" stroke="${p.base}" stroke-width="2.5"/>` +
      `<ellipse cx="-36" rx="8" ry="27" fill="${p.a2}"/><ellipse cx="36" rx="8" ry="27" fill="${tint(p.accent, 0.2)}" stroke="${p.a2}" stroke-width="2.5"/>` +
      `<path d="M-46 46 L-24 30 M46 46 L26 30" stroke="${p.a2}" stroke-width="4" stroke-linecap="round"/>`
    );
  },
  lotus: (p) => {
    const petal = 'M0 30 C-14 10 -14 -20 0 -42 C14 -20 14 10 0 30Z';
    let s = '';
    for (const [rot, k, fill] of [
      [-62, 0.7, p.a2],
      [62, 0.7, p.a2],
      [-30, 0.88, p.accent],
      [30, 0.88, p.accent],
      [0, 1, p.accent],
    ] as const) {
      s += `<path d="${petal}" transform="translate(0 28) rotate(${rot}) scale(${k}) translate(0 -30)" fill="${fill}" stroke="${p.base}" stroke-width="2.5"/>`;
    }
    return `${s}<path d="M-44 40 Q-33 34 -22 40 T0 40 T22 40 T44 40" fill="none" stroke="${p.a2}" stroke-width="3"/>`;
  },
  burst: (p) =>
    `<path d="${starPath(0, 0, 50, 33, 14)}" fill="${p.accent}"/><path d="${starPath(0, 0, 39, 29, 14, -77)}" fill="#ffd23f"/>` +
    `<text x="0" y="6" text-anchor="middle" font-family="DejaVu Sans, Liberation Sans, sans-serif" font-weight="700" font-size="17" fill="${p.accent}" transform="rotate(-8)">POW!</text>`,
  diya: (p) =>
    `<circle cy="-22" r="30" fill="${p.accent}" opacity="0.16"/><circle cy="-22" r="18" fill="${p.accent}" opacity="0.22"/>` +
    `<path d="M0 -50 C13 -32 13 -12 0 -6 C-13 -12 -13 -32 0 -50Z" fill="${tint(p.accent, 0.35)}"/>` +
    `<path d="M0 -36 C6 -26 6 -14 0 -11 C-6 -14 -6 -26 0 -36Z" fill="#fff6d8"/>` +
    `<path d="M-42 4 L42 4 Q36 34 0 36 Q-36 34 -42 4Z" fill="${p.accent}"/><ellipse cy="4" rx="42" ry="6" fill="${p.a2}"/>` +
    `<ellipse cy="40" rx="16" ry="5" fill="${p.a2}"/><circle cx="-18" cy="18" r="3" fill="${p.base}"/><circle cy="22" r="3" fill="${p.base}"/><circle cx="18" cy="18" r="3" fill="${p.base}"/>`,
  stripes: (p) =>
    [-36, -12, 12, 36]
      .map((y) => `<rect x="-48" y="${y - 6}" width="96" height="12" rx="2" fill="${p.accent}"/>`)
      .join(''),
  checks: (p) => {
    let s = '';
    for (let i = 0; i < 4; i++)
      s += `<rect x="-48" y="${-48 + i * 24}" width="96" height="12" fill="${p.accent}" opacity="0.5"/><rect x="${-48 + i * 24}" y="-48" width="12" height="96" fill="${p.accent}" opacity="0.5"/>`;
    return s;
  },
};

export function motif(name: string, p: Palette, cx: number, cy: number, size: number, rot = 0, seed = 1): string {
  const draw = MOTIFS[name] ?? MOTIFS.stars;
  if (!draw) return '';
  return `<g transform="translate(${r1(cx)} ${r1(cy)}) rotate(${r1(rot)}) scale(${r1(size) / 100})">${draw(p, prng(seed))}</g>`;
}

/** All-over print motifs drawn as a repeating <pattern>. */
export const PATTERNS = new Set(['checks', 'stripes', 'dots', 'mirror']);
/** Motifs that are scattered over the garment rather than placed once. */
export const SCATTER = new Set(['stars', 'diamond']);

export function patternDef(id: string, name: string, p: Palette): string {
  switch (name) {
    case 'checks':
      return `<pattern id="${id}" width="44" height="44" patternUnits="userSpaceOnUse"><rect width="44" height="22" fill="${p.accent}" opacity="0.45"/><rect width="22" height="44" fill="${p.accent}" opacity="0.45"/></pattern>`;
    case 'stripes':
      return `<pattern id="${id}" width="40" height="34" patternUnits="userSpaceOnUse"><rect width="40" height="13" fill="${p.accent}"/></pattern>`;
    case 'dots':
      return (
        `<pattern id="${id}" width="36" height="36" patternUnits="userSpaceOnUse"><g fill="${p.accent}">` +
        `<circle cx="18" cy="13" r="2.6"/><circle cx="23" cy="18" r="2.6"/><circle cx="18" cy="23" r="2.6"/><circle cx="13" cy="18" r="2.6"/>` +
        `<circle cx="0" cy="0" r="2.2"/><circle cx="36" cy="0" r="2.2"/><circle cx="0" cy="36" r="2.2"/><circle cx="36" cy="36" r="2.2"/></g></pattern>`
      );
    default:
      return (
        `<pattern id="${id}" width="56" height="56" patternUnits="userSpaceOnUse"><path d="M28 5 L51 28 L28 51 L5 28Z" fill="none" stroke="${p.accent}" stroke-width="3"/>` +
        `<circle cx="28" cy="28" r="7" fill="${mix(p.accent, '#ffffff', 0.55)}"/><circle cx="0" cy="0" r="3" fill="${p.accent}"/><circle cx="56" cy="0" r="3" fill="${p.accent}"/>` +
        `<circle cx="0" cy="56" r="3" fill="${p.accent}"/><circle cx="56" cy="56" r="3" fill="${p.accent}"/></pattern>`
      );
  }
}
