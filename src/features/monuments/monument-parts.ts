import { drawMonument } from "@/domain/marble/monument-drawing";

/**
 * The guide's figure: a traditional monument with its four parts numbered, the same drawing as the
 * configurator's, plus numbered markers (1 semelle, 2 soubassement, 3 tombale, 4 stèle).
 */
const MARKERS: readonly [number, number][] = [
  [62, 368],
  [82, 340],
  [76, 282],
  [104, 170],
];

function withMarkers(svg: string): string {
  const marks = MARKERS.map(
    ([x, y], i) =>
      `<circle cx="${x}" cy="${y}" r="11" fill="#2f4f5f"/><text x="${x}" y="${y + 5}" font-family="Arial, 'DejaVu Sans', sans-serif" font-size="14" font-weight="bold" fill="#ffffff" text-anchor="middle">${i + 1}</text>`,
  ).join("");
  return svg.replace("</svg>", `${marks}</svg>`);
}

export function monumentPartsSvg(title: string): string {
  return withMarkers(
    drawMonument({ shape: "traditional", size: "single", steleHeightCm: 90, graniteColour: "#8a8c8e", sole: true, idPrefix: "parts", accessories: ["vase"], title }),
  );
}
