import type { FlowerColour, FlowerKind, FlowerType } from "@/domain/flowers/catalogue";

/**
 * The catalogue's pictures, drawn by the product itself (issue 13: no photographs from
 * other hosts). One flat, calm style: a cream card, the arrangement's base shape by type,
 * its flowers by kind in its colours. Deterministic (a seeded generator from the code),
 * so `scripts/draw-flowers.ts` reproduces the committed files byte for byte and a test
 * checks that it does.
 */

export interface IllustrationInput {
  code: string;
  type: FlowerType;
  colours: readonly FlowerColour[];
  flowers: readonly FlowerKind[];
}

export const ILLUSTRATION_WIDTH = 320;
export const ILLUSTRATION_HEIGHT = 240;

/** Soft tones: a funeral tribute, not a birthday bouquet. [petal, shade] */
const PALETTE: Record<Exclude<FlowerColour, "mixed">, readonly [string, string]> = {
  white: ["#fffdf7", "#ddd5c4"],
  pink: ["#f3bccb", "#d98ea3"],
  red: ["#c9525b", "#9c3540"],
  purple: ["#b59ad0", "#8a6aa9"],
  yellow: ["#f5d872", "#d6ae3c"],
  orange: ["#f2ab6d", "#d07f3e"],
  blue: ["#9dbbe0", "#6f93c2"],
  green: ["#c6dcae", "#90b273"],
};
const MIXED: readonly Exclude<FlowerColour, "mixed">[] = ["pink", "yellow", "white", "purple"];
const LEAF = "#7fa36b";
const LEAF_DARK = "#5d8150";
const BACKGROUND = "#faf5ec";

/** Small deterministic generator (mulberry32) seeded from the product code. */
function seeded(code: string): () => number {
  let seed = 2166136261;
  for (const char of code) seed = Math.imul(seed ^ char.charCodeAt(0), 16777619);
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = seed;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const r1 = (n: number) => Math.round(n * 10) / 10;

function petals(count: number, length: number, width: number, fill: string, stroke: string, offset = 0): string {
  let out = "";
  for (let i = 0; i < count; i++) {
    const angle = r1(offset + (360 / count) * i);
    out += `<ellipse cx="0" cy="${-length / 2}" rx="${width}" ry="${length / 2}" transform="rotate(${angle})" fill="${fill}" stroke="${stroke}" stroke-width=".8"/>`;
  }
  return out;
}

/** One flower of each kind, centred on 0,0, about 24 units across; drawn once as a symbol. */
function flowerShape(kind: FlowerKind, [fill, shade]: readonly [string, string]): string {
  switch (kind) {
    case "rose":
      return `<circle r="11" fill="${fill}" stroke="${shade}" stroke-width=".9"/><path d="M-6 1a6 6 0 0 1 11-3M-3 4a4 4 0 0 1 7-5M-7-3a8 8 0 0 1 12-3" fill="none" stroke="${shade}" stroke-width="1.1" stroke-linecap="round"/><circle r="2.2" fill="${shade}"/>`;
    case "lily":
      return `${petals(6, 22, 4, fill, shade)}<circle r="2.5" fill="#e2b35a"/>`;
    case "chrysanthemum":
      return `${petals(12, 20, 2.4, fill, shade)}${petals(8, 12, 2.2, fill, shade, 15)}<circle r="3" fill="${shade}"/>`;
    case "gerbera":
      return `${petals(14, 22, 2.6, fill, shade)}<circle r="4.5" fill="#6b5138"/>`;
    case "carnation":
      return `<path d="M-11 0l2-4 1 2 2-5 1 3 3-5 1 4 3-4v4l3-2-1 4 4-1-2 4 3 1-3 2 2 3-4-1 1 4-3-2-1 3-2-3-3 3v-4l-3 1 1-3-4-1 3-2z" fill="${fill}" stroke="${shade}" stroke-width=".8" stroke-linejoin="round"/>`;
    case "orchid":
      return `${petals(5, 20, 5, fill, shade, 36)}<path d="M-4 2q4 9 8 0z" fill="${shade}"/><circle r="2" fill="#e9c46a"/>`;
    case "anthurium":
      return `<path d="M0 10C-14 0-10-12 0-7 10-12 14 0 0 10z" fill="${fill}" stroke="${shade}" stroke-width=".9"/><path d="M0 3q3-6 1-13" fill="none" stroke="#f1d98a" stroke-width="2.6" stroke-linecap="round"/>`;
    case "tulip":
      return `<path d="M-8-2q0 12 8 12t8-12l-4 3-4-9-4 9z" fill="${fill}" stroke="${shade}" stroke-width=".9" stroke-linejoin="round"/>`;
    case "hydrangea": {
      let out = "";
      const spots = [[0, 0], [-6, -4], [6, -4], [-6, 5], [6, 5], [0, -8], [0, 8]];
      for (const [x, y] of spots) out += `<g transform="translate(${x} ${y})">${petals(4, 7, 2.4, fill, shade, 45)}</g>`;
      return out;
    }
    case "alstroemeria":
      return `${petals(6, 16, 3.6, fill, shade, 30)}<path d="M-2-3l1 4M2-3l-1 4" stroke="#6b5138" stroke-width=".9"/>`;
    case "calla":
      return `<path d="M0 11Q-10 2-6-9 0-13 7-8 10 2 0 11z" fill="${fill}" stroke="${shade}" stroke-width=".9"/><path d="M0 4Q1-2 3-6" stroke="#e9c46a" stroke-width="2.4" stroke-linecap="round" fill="none"/>`;
    case "peony":
      return `<circle r="13" fill="${fill}" stroke="${shade}" stroke-width=".8"/>${petals(7, 16, 5, fill, shade, 12)}<circle r="5" fill="${fill}" stroke="${shade}" stroke-width=".8"/>`;
    case "foliage":
      return `<path d="${LEAF_PATH}" fill="${LEAF}" stroke="${LEAF_DARK}" stroke-width=".7"/><path d="${LEAF_PATH}" transform="rotate(140)" fill="${LEAF_DARK}"/>`;
  }
}

const LEAF_PATH = "M0 0Q6-9 0-22-6-9 0 0z";
/** Leaves are symbols too ("l" and "d" for the darker one): a picture holds dozens. */
const LEAF_SYMBOLS = `<symbol id="l" overflow="visible"><path d="${LEAF_PATH}" fill="${LEAF}" stroke="${LEAF_DARK}" stroke-width=".7"/></symbol><symbol id="d" overflow="visible"><path d="${LEAF_PATH}" fill="${LEAF_DARK}"/></symbol>`;

function leafShape(x: number, y: number, angle: number, scale: number, fill = LEAF): string {
  const scaled = scale === 1 ? "" : ` scale(${r1(scale)})`;
  return `<use href="#${fill === LEAF ? "l" : "d"}" transform="translate(${r1(x)} ${r1(y)}) rotate(${Math.round(angle)})${scaled}"/>`;
}

interface Spot {
  x: number;
  y: number;
  s: number;
}

/** Flower positions inside the arrangement's shape, front to back. */
function layout(type: FlowerType, random: () => number): { base: string; spots: Spot[]; leaves: string; front: string } {
  const spots: Spot[] = [];
  let leaves = "";
  let base = "";
  let front = "";
  const jitter = (n: number) => (random() - 0.5) * n;
  const leafRing = (cx: number, cy: number, rx: number, ry: number, count: number, scale: number) => {
    for (let i = 0; i < count; i++) {
      const a = (Math.PI * 2 * i) / count + jitter(0.3);
      leaves += leafShape(cx + Math.cos(a) * rx, cy + Math.sin(a) * ry, (a * 180) / Math.PI + 90, scale, i % 2 ? LEAF : LEAF_DARK);
    }
  };
  switch (type) {
    case "spray":
    case "coffin_spray": {
      const long = type === "coffin_spray";
      const cy = long ? 140 : 128;
      if (long) base = `<rect x="44" y="160" width="232" height="30" rx="8" fill="#b99473"/><rect x="44" y="160" width="232" height="6" rx="3" fill="#a47e5c"/>`;
      leafRing(160, cy, long ? 128 : 118, long ? 30 : 40, 22, 1.1);
      const rows: [number, number][] = long ? [[-1, 9], [0, 10], [1, 9]] : [[-1, 7], [0, 8], [1, 7]];
      for (const [row, count] of rows) {
        const width = long ? 210 : 180 - Math.abs(row) * 50;
        for (let i = 0; i < count; i++) {
          const x = 160 - width / 2 + (width / (count - 1)) * i;
          const y = cy + row * (long ? 17 : 22) + Math.sin((i / (count - 1)) * Math.PI) * -8 + jitter(4);
          spots.push({ x, y, s: 0.95 + random() * 0.2 });
        }
      }
      // A spray lies flat, tied with a satin ribbon across its stems.
      if (!long) front = `<path d="M104 176q56 14 112 0" fill="none" stroke="#efe2c9" stroke-width="10" stroke-linecap="round"/><path d="M104 176q56 14 112 0" fill="none" stroke="#d8c6a4" stroke-width="1"/>`;
      break;
    }
    case "wreath":
      base = `<path d="M68 116a92 92 0 1 0 184 0 92 92 0 1 0-184 0zM96 116a64 64 0 1 1 128 0 64 64 0 1 1-128 0z" fill="${LEAF_DARK}" fill-rule="evenodd"/>`;
      leafRing(160, 116, 92, 92, 26, 1);
      leafRing(160, 116, 62, 62, 18, 0.7);
      for (let i = 0; i < 20; i++) {
        const a = (Math.PI * 2 * i) / 20;
        spots.push({ x: 160 + Math.cos(a) * 78, y: 116 + Math.sin(a) * 78, s: 0.85 + random() * 0.2 });
      }
      front = `<path d="M140 188l-14 44 16-8 8 12 6-48zM180 188l14 44-16-8-8 12-6-48z" fill="#efe2c9" stroke="#d8c6a4" stroke-width=".8"/><circle cx="160" cy="190" r="9" fill="#efe2c9" stroke="#d8c6a4" stroke-width=".8"/>`;
      break;
    case "cushion":
      base = `<rect x="58" y="52" width="204" height="148" rx="40" fill="${LEAF_DARK}"/>`;
      leafRing(160, 126, 108, 80, 24, 0.9);
      for (let row = 0; row < 5; row++) for (let col = 0; col < 7; col++) spots.push({ x: 84 + col * 25.5 + (row % 2) * 6, y: 72 + row * 27 + jitter(3), s: 0.95 });
      break;
    case "heart": {
      const heart = "M160 214C92 170 58 130 62 92 66 54 112 40 160 78 208 40 254 54 258 92 262 130 228 170 160 214z";
      base = `<path d="${heart}" fill="${LEAF_DARK}"/>`;
      for (let i = 0; i < 24; i++) {
        const t = (Math.PI * 2 * i) / 24;
        const hx = 16 * Math.sin(t) ** 3;
        const hy = -(13 * Math.cos(t) - 5 * Math.cos(2 * t) - 2 * Math.cos(3 * t) - Math.cos(4 * t));
        if (i !== 12) leaves += leafShape(160 + hx * 6.2, 126 + hy * 6.2, (t * 180) / Math.PI, 0.8, i % 2 ? LEAF : LEAF_DARK);
      }
      for (let y = 66; y < 200; y += 22) {
        const half = y < 100 ? 84 : 84 - (y - 100) * 0.8;
        for (let x = 160 - half; x <= 160 + half; x += 23) {
          const inLobe = y >= 96 || Math.abs(x - 160) > 16;
          if (inLobe && half > 8) spots.push({ x: x + jitter(3), y: y + 14, s: 0.9 });
        }
      }
      break;
    }
    case "cross":
      base = `<path d="M142 22h36v52h52v36h-52v110h-36V110H90V74h52z" fill="${LEAF_DARK}" stroke="${LEAF}" stroke-width="6" stroke-linejoin="round"/>`;
      for (let y = 34; y <= 206; y += 21) spots.push({ x: 160 + jitter(3), y, s: 0.9 });
      for (const x of [102, 123, 197, 218]) spots.push({ x, y: 92 + jitter(3), s: 0.9 });
      break;
    case "bouquet":
      for (let i = 0; i < 9; i++) leaves += `<path d="M160 210L${r1(120 + i * 10)} 110" stroke="${LEAF_DARK}" stroke-width="2"/>`;
      leafRing(160, 96, 70, 50, 14, 1.1);
      for (let i = 0; i < 12; i++) {
        const a = (Math.PI * 2 * i) / 12;
        spots.push({ x: 160 + Math.cos(a) * 46, y: 92 + Math.sin(a) * 34, s: 0.95 });
      }
      for (const [x, y] of [[146, 88], [174, 88], [160, 104], [160, 74]]) spots.push({ x: x ?? 0, y: y ?? 0, s: 1.05 });
      front = `<path d="M116 134l44 96 44-96-44 18z" fill="#efe2c9" stroke="#d8c6a4" stroke-width="1"/><path d="M146 170q14 8 28 0" fill="none" stroke="#b59ad0" stroke-width="4" stroke-linecap="round"/>`;
      break;
    case "grave_front":
      base = `<rect x="24" y="170" width="272" height="36" rx="4" fill="#c9c3b8"/><rect x="24" y="170" width="272" height="6" fill="#b3ac9f"/><path d="M52 172q108-150 216 0z" fill="${LEAF_DARK}"/>`;
      for (let i = 0; i <= 12; i++) {
        const a = Math.PI + (Math.PI * i) / 12;
        leaves += leafShape(160 + Math.cos(a) * 118, 170 + Math.sin(a) * 86, (a * 180) / Math.PI + 90, 1, i % 2 ? LEAF : LEAF_DARK);
      }
      for (let row = 0; row < 4; row++) {
        const count = 8 - row * 2;
        const width = 190 - row * 52;
        for (let i = 0; i < count; i++) spots.push({ x: 160 - width / 2 + (width / Math.max(count - 1, 1)) * i, y: 158 - row * 24 + jitter(3), s: 0.95 });
      }
      break;
    case "plant":
      for (let i = 0; i < 9; i++) leaves += leafShape(160 + (i - 4) * 12, 150, (i - 4) * 18, 2, i % 2 ? LEAF : LEAF_DARK);
      for (const [x, y] of [[132, 84], [160, 66], [188, 84], [146, 108], [174, 108]]) spots.push({ x: x ?? 0, y: y ?? 0, s: 1.15 });
      front = `<path d="M118 150h84l-10 62h-64z" fill="#c98b63"/><rect x="112" y="144" width="96" height="14" rx="3" fill="#b57752"/>`;
      break;
  }
  return { base, spots, leaves, front };
}

/** The SVG document of one arrangement. */
export function drawArrangement(input: IllustrationInput): string {
  const random = seeded(input.code);
  const blooms = input.flowers.filter((kind) => kind !== "foliage");
  const kinds: FlowerKind[] = blooms.length > 0 ? blooms : ["foliage"];
  const tones = input.colours.flatMap((colour) => (colour === "mixed" ? MIXED : colour === "green" && input.colours.length > 1 ? [] : [colour]));
  const colours = tones.length > 0 ? tones : (["white"] as const);
  const { base, spots, leaves, front } = layout(input.type, random);

  const symbols = new Map<string, string>();
  let body = "";
  spots.forEach((spot, index) => {
    const kind = kinds[index % kinds.length] ?? "rose";
    const colour = colours[Math.floor(index / kinds.length) % colours.length] ?? "white";
    const id = `${kind}-${colour}`;
    if (!symbols.has(id)) symbols.set(id, `<symbol id="${id}" overflow="visible">${flowerShape(kind, PALETTE[colour])}</symbol>`);
    const angle = Math.round(random() * 360);
    const scale = r1(spot.s) === 1 ? "" : ` scale(${r1(spot.s)})`;
    body += `<use href="#${id}" transform="translate(${Math.round(spot.x)} ${Math.round(spot.y)}) rotate(${angle})${scale}"/>`;
  });

  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${ILLUSTRATION_WIDTH} ${ILLUSTRATION_HEIGHT}" width="${ILLUSTRATION_WIDTH}" height="${ILLUSTRATION_HEIGHT}">` +
    `<defs>${LEAF_SYMBOLS}${[...symbols.values()].join("")}</defs>` +
    `<rect width="${ILLUSTRATION_WIDTH}" height="${ILLUSTRATION_HEIGHT}" fill="${BACKGROUND}"/>` +
    `<ellipse cx="160" cy="222" rx="120" ry="10" fill="#efe7d8"/>` +
    base +
    leaves +
    body +
    front +
    `</svg>\n`
  );
}

/** Where the committed picture of a product lives, from the repository root. */
export function illustrationFile(code: string): string {
  return `public/catalogue/fleurs/${code}.svg`;
}
