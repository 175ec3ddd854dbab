// Writes the demo illustrations (original artwork, flat architectural style) to
// assets/illustrations/*.svg. Run after changing a drawing: node scripts/illustrations.mjs
// then npx tsx scripts/generate-demo-images.ts to render them for the site.
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";

const OUT_DIR = path.resolve(import.meta.dirname, "..", "assets", "illustrations");

/* ---------- palette ---------- */

const INK = "#1c2529";
const STONE = "#f5f1ea";
const STONE_2 = "#e8e1d5";
const STONE_3 = "#d6ccbc";
const BRASS = "#8a6530";
const BRASS_MID = "#b88a46";
const BRASS_LIGHT = "#e9d9bd";
const SAGE = "#4f6b5d";
const LEAVES = [SAGE, "#5f7d6c", "#3f5a4d", "#718d7d", "#46604f"];

/* ---------- SVG helpers ---------- */

const r1 = (value) => Math.round(value * 10) / 10;
const pts = (points) => points.map(([x, y]) => `${r1(x)},${r1(y)}`).join(" ");
const attrs = (extra) =>
  Object.entries(extra)
    .map(([key, value]) => ` ${key}="${value}"`)
    .join("");

const poly = (points, fill, extra = {}) =>
  `<polygon points="${pts(points)}" fill="${fill}"${attrs(extra)}/>`;
const rect = (x, y, w, h, fill, extra = {}) =>
  `<rect x="${r1(x)}" y="${r1(y)}" width="${r1(w)}" height="${r1(h)}" fill="${fill}"${attrs(extra)}/>`;
const circle = (cx, cy, r, fill, extra = {}) =>
  `<circle cx="${r1(cx)}" cy="${r1(cy)}" r="${r1(r)}" fill="${fill}"${attrs(extra)}/>`;
const ellipse = (cx, cy, rx, ry, fill, extra = {}) =>
  `<ellipse cx="${r1(cx)}" cy="${r1(cy)}" rx="${r1(rx)}" ry="${r1(ry)}" fill="${fill}"${attrs(extra)}/>`;
const pathEl = (d, fill, extra = {}) => `<path d="${d}" fill="${fill}"${attrs(extra)}/>`;
const lines = (segments, stroke, width, extra = {}) =>
  pathEl(
    segments.map(([a, b]) => `M${r1(a[0])} ${r1(a[1])}L${r1(b[0])} ${r1(b[1])}`).join(""),
    "none",
    { stroke, "stroke-width": width, ...extra },
  );

const stopList = (stops) =>
  stops
    .map(
      ([offset, color, opacity = 1]) =>
        `<stop offset="${offset}" stop-color="${color}"${opacity === 1 ? "" : ` stop-opacity="${opacity}"`}/>`,
    )
    .join("");
/** A linear gradient; direction in the object's bounding box (0..1). */
const lin = (id, [x1, y1, x2, y2], stops) =>
  `<linearGradient id="${id}" x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}">${stopList(stops)}</linearGradient>`;
/** A radial gradient in the object's bounding box. */
const rad = (id, stops, [cx, cy, r] = [0.5, 0.5, 0.5]) =>
  `<radialGradient id="${id}" cx="${cx}" cy="${cy}" r="${r}">${stopList(stops)}</radialGradient>`;

const svg = (width, height, defs, body) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}"><defs>${defs.join("")}</defs>${body.join("")}</svg>\n`;

/** Gradients every scene uses. */
const COMMON_DEFS = [
  lin(
    "brass",
    [0, 0, 1, 0],
    [
      [0, "#6f4f22"],
      [0.3, BRASS_LIGHT],
      [0.55, BRASS_MID],
      [1, "#6f4f22"],
    ],
  ),
  lin(
    "brassV",
    [0, 0, 0, 1],
    [
      [0, BRASS_LIGHT],
      [0.45, BRASS_MID],
      [1, BRASS],
    ],
  ),
  rad("shadow", [
    [0, INK, 0.35],
    [1, INK, 0],
  ]),
  rad("glow", [
    [0, "#fff3d6", 0.9],
    [0.4, "#f6dcaa", 0.35],
    [1, "#f6dcaa", 0],
  ]),
];

/* ---------- one-point perspective ---------- */

/**
 * A room seen in one-point perspective: the back wall is the rectangle `back` and every
 * depth line runs to the vanishing point. `p(x, y, s)` moves a point of the back wall's
 * plane towards the viewer: s = 1 on the back wall, s = z0 / (z0 - depth) in front of it.
 */
function room({ vp: [vx, vy], back: [x0, y0, x1, y1], z0 }) {
  const p = (x, y, s = 1) => [vx + (x - vx) * s, vy + (y - vy) * s];
  const far = 12;
  const depth = (d) => z0 / (z0 - d);
  return {
    p,
    depth,
    back: [
      [x0, y0],
      [x1, y0],
      [x1, y1],
      [x0, y1],
    ],
    ceiling: [p(x0, y0), p(x0, y0, far), p(x1, y0, far), p(x1, y0)],
    left: [p(x0, y0), p(x0, y0, far), p(x0, y1, far), p(x0, y1)],
    right: [p(x1, y0), p(x1, y0, far), p(x1, y1, far), p(x1, y1)],
    floor: [p(x0, y1), p(x0, y1, far), p(x1, y1, far), p(x1, y1)],
    /** Floor joints: lines towards the viewer from `xs` on the back wall, across at `ds`. */
    floorGrid(xs, ds) {
      return [
        ...xs.map((x) => [p(x, y1), p(x, y1, far)]),
        ...ds.map((d) => [p(x0, y1, depth(d)), p(x1, y1, depth(d))]),
      ];
    },
    /** Joints of a side wall (x = x0 or x1): courses at heights `ys`, joints at `ds`. */
    wallGrid(x, ys, ds) {
      return [
        ...ys.map((y) => [p(x, y), p(x, y, far)]),
        ...ds.map((d) => [p(x, y0, depth(d)), p(x, y1, depth(d))]),
      ];
    },
  };
}

const range = (from, to, step) => {
  const out = [];
  for (let value = from; value <= to + 1e-9; value += step) out.push(value);
  return out;
};

/* ---------- props ---------- */

/** A pointed leaf of length `len`, its stem at (x, y), turned by `angle` degrees. */
const leaf = (x, y, len, width, angle, fill) =>
  `<g transform="translate(${r1(x)} ${r1(y)}) rotate(${r1(angle)})">${pathEl(
    `M0 0Q${r1(width)} ${r1(-len * 0.45)} 0 ${r1(-len)}Q${r1(-width)} ${r1(-len * 0.45)} 0 0Z`,
    fill,
  )}${pathEl(`M0 0L0 ${r1(-len * 0.9)}`, "none", { stroke: "#ffffff", "stroke-opacity": 0.18, "stroke-width": 1.5 })}</g>`;

/** A potted plant: a tapered pot whose top centre is (x, y), broad leaves on arching stems. */
function plant(x, y, scale, { pot = "pot", stems } = {}) {
  const s = scale;
  const shapes = [
    ellipse(x, y + 118 * s, 74 * s, 12 * s, "url(#shadow)"),
    pathEl(
      `M${r1(x - 50 * s)} ${r1(y)}L${r1(x + 50 * s)} ${r1(y)}L${r1(x + 38 * s)} ${r1(y + 118 * s)}L${r1(x - 38 * s)} ${r1(y + 118 * s)}Z`,
      `url(#${pot})`,
    ),
    rect(x - 50 * s, y, 100 * s, 8 * s, "#000", { opacity: 0.12 }),
  ];
  const list = stems ?? [
    [-58, 170, 2],
    [48, 180, 4],
    [-34, 250, 0],
    [30, 265, 2],
    [-12, 300, 3],
    [12, 330, 1],
    [-46, 215, 1],
    [62, 150, 0],
    [0, 240, 4],
    [-70, 140, 3],
  ];
  for (const [angle, length, shade] of list) {
    const a = (angle * Math.PI) / 180;
    const stem = length * 0.5 * s;
    const endX = x + Math.sin(a) * stem;
    const endY = y - Math.cos(a) * stem;
    shapes.push(
      pathEl(
        `M${r1(x)} ${r1(y + 4 * s)}Q${r1(x + Math.sin(a) * stem * 0.3)} ${r1(y - stem * 0.6)} ${r1(endX)} ${r1(endY)}`,
        "none",
        { stroke: "#3f5a4d", "stroke-width": r1(3 * s) },
      ),
      leaf(endX, endY, length * 0.58 * s, length * 0.1 * s, angle * 1.15, LEAVES[shade]),
    );
  }
  return shapes.join("");
}

/** Folded towels stacked on (x, y) (the bottom-left corner), each `w` wide. */
function towels(x, y, w, colors) {
  const out = [];
  let top = y;
  for (const color of colors) {
    const h = w * 0.22;
    top -= h;
    out.push(
      rect(x, top, w, h, color, { rx: r1(h * 0.45) }),
      rect(x + 4, top + h * 0.55, w - 8, h * 0.12, "#000", { opacity: 0.07, rx: 2 }),
      rect(x + 6, top + 2, w - 12, h * 0.18, "#fff", { opacity: 0.3, rx: 2 }),
    );
  }
  return out.join("");
}

/* ---------- scenes ---------- */

function homeHero() {
  const W = 1200;
  const H = 800;
  const R = room({ vp: [600, 320], back: [240, 100, 960, 560], z0: 5 });
  const { p, depth } = R;
  const defs = [
    ...COMMON_DEFS,
    lin(
      "ceil",
      [0, 0, 0, 1],
      [
        [0, "#e2dbcf"],
        [1, "#f3eee6"],
      ],
    ),
    lin(
      "backWall",
      [0, 0, 0, 1],
      [
        [0, "#ece6dc"],
        [1, "#e3dbce"],
      ],
    ),
    lin(
      "leftWall",
      [0, 0, 1, 0],
      [
        [0, "#d9d0c2"],
        [1, "#e9e2d7"],
      ],
    ),
    lin(
      "rightWall",
      [0, 0, 1, 0],
      [
        [0, "#e4dcd0"],
        [1, "#cfc5b5"],
      ],
    ),
    lin(
      "floor",
      [0, 0, 0, 1],
      [
        [0, "#d9d0c2"],
        [1, "#c9beac"],
      ],
    ),
    lin(
      "sky",
      [0, 0, 0, 1],
      [
        [0, "#b9ccd3"],
        [0.6, "#e6e8e2"],
        [1, "#f7efe0"],
      ],
    ),
    rad(
      "windowGlow",
      [
        [0, "#fffaf0", 0.9],
        [1, "#fffaf0", 0],
      ],
      [0.5, 0.55, 0.55],
    ),
    lin(
      "lightPatch",
      [0, 0, 0, 1],
      [
        [0, "#fffdf6", 0.8],
        [1, "#fffdf6", 0.05],
      ],
    ),
    lin(
      "tubBody",
      [0, 0, 1, 0],
      [
        [0, "#e7e2da"],
        [0.3, "#ffffff"],
        [0.7, "#f6f3ee"],
        [1, "#d5cfc5"],
      ],
    ),
    lin(
      "tubInner",
      [0, 0, 0, 1],
      [
        [0, "#d8d3cb"],
        [1, "#f4f1ec"],
      ],
    ),
    lin(
      "water",
      [0, 0, 1, 0],
      [
        [0, "#c9d8d9"],
        [0.5, "#e5eeec"],
        [1, "#bfd0d1"],
      ],
    ),
    lin(
      "pot",
      [0, 0, 1, 0],
      [
        [0, "#b9a88f"],
        [0.4, "#d8cab4"],
        [1, "#9c8b72"],
      ],
    ),
    lin(
      "wood",
      [0, 0, 0, 1],
      [
        [0, "#b8895c"],
        [1, "#946a43"],
      ],
    ),
  ];

  const body = [];
  body.push(poly(R.ceiling, "url(#ceil)"));
  body.push(poly(R.back, "url(#backWall)"));
  // Large-format stone-look wall tiles (120 x 60) with a few soft veins.
  body.push(
    lines(
      [
        ...range(240, 960, 180).map((x) => [
          [x, 100],
          [x, 560],
        ]),
        ...range(100, 560, 92).map((y) => [
          [240, y],
          [960, y],
        ]),
      ],
      "#d3c9b9",
      1.5,
    ),
  );
  body.push(
    pathEl("M250 150C330 190 360 170 420 240S520 300 560 380", "none", {
      stroke: "#cfc4b2",
      "stroke-width": 2,
      opacity: 0.5,
    }),
    pathEl("M860 110C840 200 900 250 880 330S940 420 950 520", "none", {
      stroke: "#cfc4b2",
      "stroke-width": 2,
      opacity: 0.45,
    }),
  );
  // Window: a deep reveal, sky, distant hills and a slim steel frame.
  body.push(ellipse(600, 300, 420, 300, "url(#windowGlow)"));
  body.push(rect(388, 128, 424, 348, "#cbc1b1"));
  body.push(rect(400, 140, 400, 324, "url(#sky)"));
  body.push(
    pathEl("M400 388C470 360 540 372 600 356S720 340 800 364V464H400Z", "#a9bcb5", {
      opacity: 0.7,
    }),
    pathEl("M400 414C480 396 560 406 640 392S760 396 800 404V464H400Z", "#86a095", {
      opacity: 0.75,
    }),
    pathEl("M400 440C470 432 540 440 610 428S740 434 800 436V464H400Z", "#6f8b7e", {
      opacity: 0.8,
    }),
  );
  body.push(
    rect(400, 140, 400, 324, "none", { stroke: INK, "stroke-width": 10 }),
    lines(
      [
        [
          [533, 140],
          [533, 464],
        ],
        [
          [667, 140],
          [667, 464],
        ],
        [
          [400, 236],
          [800, 236],
        ],
      ],
      INK,
      6,
    ),
  );
  // Deep sill in the reveal.
  body.push(
    poly(
      [
        [388, 476],
        [812, 476],
        [826, 490],
        [374, 490],
      ],
      "#efe9df",
    ),
  );
  body.push(rect(374, 490, 452, 6, "#d0c6b6"));

  // Floor: large stone-look tiles.
  body.push(poly(R.floor, "url(#floor)"));
  body.push(lines(R.floorGrid(range(240, 960, 180), [0.6, 1.2, 1.8, 2.4, 3.0]), "#bdb19e", 1.5));
  // Daylight from the window falling across the floor.
  body.push(
    poly(
      [p(400, 560, 1.02), p(800, 560, 1.02), p(880, 560, 2.3), p(380, 560, 2.3)],
      "url(#lightPatch)",
    ),
  );

  body.push(poly(R.left, "url(#leftWall)"));
  body.push(lines(R.wallGrid(240, [], [1, 2, 3].map(depth)), "#cdc3b3", 1.5));
  body.push(poly(R.right, "url(#rightWall)"));
  // Freestanding tub with its soft shadow.
  body.push(ellipse(600, 636, 250, 24, "url(#shadow)"));
  body.push(
    pathEl(
      "M384 482C386 546 414 600 466 620C512 636 688 636 734 620C786 600 814 546 816 482Z",
      "url(#tubBody)",
    ),
  );
  body.push(ellipse(600, 482, 216, 31, "#fbf9f5"));
  body.push(ellipse(600, 484, 198, 23, "url(#tubInner)"));
  body.push(ellipse(600, 491, 186, 15, "url(#water)"));
  body.push(
    pathEl("M402 510C414 562 440 596 476 612", "none", {
      stroke: "#ffffff",
      "stroke-width": 6,
      "stroke-linecap": "round",
      opacity: 0.8,
    }),
  );
  // Wooden bath tray across the rim, with a rolled towel and a sprig in a bud vase.
  body.push(
    poly(
      [
        [520, 466],
        [690, 466],
        [702, 484],
        [508, 484],
      ],
      "url(#wood)",
    ),
    rect(508, 484, 194, 6, "#7e5937"),
    rect(536, 450, 56, 17, STONE, { rx: 8.5 }),
    rect(539, 453, 50, 4, "#ffffff", { rx: 2, opacity: 0.7 }),
    pathEl("M646 467C638 456 640 444 648 438H656C664 444 666 456 658 467Z", SAGE),
    pathEl("M652 438C650 418 656 400 668 386", "none", { stroke: "#3f5a4d", "stroke-width": 2 }),
    leaf(652, 424, 18, 6, -40, "#718d7d"),
    leaf(655, 412, 18, 6, 50, "#5f7d6c"),
    leaf(661, 398, 16, 5, -30, "#718d7d"),
    leaf(667, 388, 14, 5, 40, "#5f7d6c"),
  );

  // Brass floor-mounted tub filler.
  body.push(
    ellipse(880, 668, 34, 8, "url(#shadow)"),
    ellipse(880, 664, 22, 6, "url(#brass)"),
    rect(872, 450, 16, 214, "url(#brass)"),
    pathEl("M880 456C880 404 818 396 800 440L795 456", "none", {
      stroke: "url(#brassV)",
      "stroke-width": 14,
      "stroke-linecap": "round",
    }),
    rect(886, 530, 24, 8, "url(#brassV)", { rx: 4 }),
    rect(864, 560, 10, 52, "url(#brass)", { rx: 5 }),
  );

  // Brass wall sconce with its glow on the right wall.
  body.push(
    ellipse(1085, 300, 120, 150, "url(#glow)"),
    rect(1078, 262, 14, 80, "url(#brass)", { rx: 7 }),
    rect(1064, 270, 30, 48, "#fbf4e4", { rx: 15 }),
    rect(1068, 276, 8, 36, "#ffffff", { rx: 4, opacity: 0.8 }),
  );

  // Teak stool with folded towels and a candle.
  body.push(
    ellipse(1070, 782, 110, 14, "url(#shadow)"),
    rect(985, 690, 14, 92, "#7e5937"),
    rect(1141, 690, 14, 92, "#7e5937"),
    rect(1010, 700, 12, 78, "#6c4b2e"),
    rect(1118, 700, 12, 78, "#6c4b2e"),
    rect(970, 672, 200, 22, "url(#wood)", { rx: 4 }),
    towels(992, 672, 150, ["#7f998b", "#fbf9f5", BRASS_LIGHT]),
  );

  // Plant in the left foreground.
  body.push(plant(140, 640, 1.05));

  // Two small recessed downlights.
  body.push(ellipse(440, 60, 26, 6, "#fffaf0"), ellipse(760, 60, 26, 6, "#fffaf0"));

  return svg(W, H, defs, body);
}

function walkInShower() {
  const W = 1200;
  const H = 900;
  const R = room({ vp: [600, 400], back: [300, 130, 900, 690], z0: 5 });
  const { p, depth } = R;
  const defs = [
    ...COMMON_DEFS,
    lin(
      "ceil",
      [0, 0, 0, 1],
      [
        [0, "#ddd6ca"],
        [1, "#efe9e0"],
      ],
    ),
    lin(
      "tile",
      [0, 0, 0, 1],
      [
        [0, "#d6cec1"],
        [1, "#c6bcac"],
      ],
    ),
    lin(
      "leftWall",
      [0, 0, 1, 0],
      [
        [0, "#b8ad9c"],
        [1, "#cbc2b3"],
      ],
    ),
    lin(
      "rightWall",
      [0, 0, 1, 0],
      [
        [0, "#d2c9bb"],
        [1, "#b4a999"],
      ],
    ),
    lin(
      "floor",
      [0, 0, 0, 1],
      [
        [0, "#bdb2a1"],
        [1, "#a89c89"],
      ],
    ),
    lin(
      "nicheBack",
      [0, 0, 0, 1],
      [
        [0, "#fff1d2"],
        [0.25, "#e9d6b3"],
        [1, "#bba98c"],
      ],
    ),
    lin(
      "glass",
      [0, 0, 1, 1],
      [
        [0, "#dff0ee", 0.35],
        [0.5, "#c9e2df", 0.18],
        [1, "#e6f4f2", 0.4],
      ],
    ),
    lin(
      "sheen",
      [0, 0, 0, 1],
      [
        [0, "#fff6e2", 0.45],
        [1, "#fff6e2", 0],
      ],
    ),
    lin(
      "teak",
      [0, 0, 0, 1],
      [
        [0, "#b48456"],
        [1, "#8d6440"],
      ],
    ),
    lin(
      "water",
      [0, 0, 0, 1],
      [
        [0, "#ffffff", 0.55],
        [1, "#ffffff", 0.05],
      ],
    ),
  ];
  const body = [];
  body.push(poly(R.ceiling, "url(#ceil)"));
  body.push(poly(R.back, "url(#tile)"));
  // Large porcelain tiles set vertically, with soft veining.
  body.push(
    lines(
      [
        ...range(400, 800, 100).map((x) => [
          [x, 130],
          [x, 690],
        ]),
        ...[316, 503].map((y) => [
          [300, y],
          [900, y],
        ]),
      ],
      "#b6ab99",
      1.5,
    ),
  );
  // Recessed niche with a warm strip light and a few bottles.
  const n = 0.92;
  body.push(
    rect(400, 410, 400, 90, "#8f8270"),
    poly([p(400, 410, n), p(800, 410, n), p(800, 500, n), p(400, 500, n)], "url(#nicheBack)"),
    poly([[400, 500], [800, 500], p(800, 500, n), p(400, 500, n)], "#d9c9ab"),
    poly([[400, 410], p(400, 410, n), p(400, 500, n), [400, 500]], "#a69679"),
    poly([[800, 410], p(800, 410, n), p(800, 500, n), [800, 500]], "#a69679"),
    rect(404, 411, 392, 4, "#fffaf0"),
    ellipse(600, 420, 230, 60, "url(#glow)"),
  );
  const bottle = (x, w, h, fill, cap) =>
    rect(x, 494 - h, w, h, fill, { rx: 5 }) +
    rect(x + w * 0.3, 494 - h - 10, w * 0.4, 11, cap, { rx: 2 }) +
    rect(x + 4, 494 - h + 6, 4, h - 14, "#fff", { opacity: 0.35, rx: 2 });
  body.push(
    bottle(448, 30, 58, "#8a6530", INK),
    bottle(486, 30, 58, "#5f7d6c", INK),
    bottle(524, 26, 46, STONE_2, BRASS_MID),
    rect(700, 472, 64, 22, "#f7f4ee", { rx: 11 }),
    rect(706, 477, 52, 4, "#fff", { rx: 2 }),
  );
  // Thermostatic valve.
  body.push(
    circle(350, 330, 22, "url(#brassV)"),
    circle(350, 330, 15, "url(#brass)"),
    rect(346, 300, 8, 26, "url(#brass)", { rx: 4 }),
  );

  // Curbless floor in the same tile, a brass linear drain along the back wall.
  body.push(poly(R.floor, "url(#floor)"));
  body.push(lines(R.floorGrid(range(300, 900, 150), [0.6, 1.2, 1.8, 2.4]), "#978a76", 1.5));
  body.push(
    poly([p(420, 690, 1.01), p(780, 690, 1.01), p(800, 690, 1.5), p(400, 690, 1.5)], "url(#sheen)"),
  );
  const d1 = depth(0.1);
  const d2 = depth(0.26);
  body.push(
    poly([p(310, 690, d1), p(890, 690, d1), p(890, 690, d2), p(310, 690, d2)], "url(#brassV)"),
    lines(
      range(330, 870, 18).map((x) => [p(x, 690, d1 + 0.008), p(x, 690, d2 - 0.008)]),
      "#6f4f22",
      2,
    ),
  );

  body.push(poly(R.left, "url(#leftWall)"));
  body.push(lines(R.wallGrid(300, [316, 503], [0.8, 1.6, 2.4, 3.2].map(depth)), "#a49884", 1.5));
  body.push(poly(R.right, "url(#rightWall)"));
  body.push(lines(R.wallGrid(900, [316, 503], [0.8, 1.6, 2.4, 3.2].map(depth)), "#a99d8a", 1.5));

  // Floating teak bench along the left wall.
  const b1 = depth(0.5);
  const b2 = depth(1.7);
  body.push(
    poly([p(300, 690, b1), p(300, 690, b2), p(395, 690, b2), p(395, 690, b1)], INK, {
      opacity: 0.08,
    }),
    poly([p(300, 590, b1), p(300, 590, b2), p(390, 590, b2), p(390, 590, b1)], "url(#teak)"),
    poly([p(390, 590, b1), p(390, 590, b2), p(390, 610, b2), p(390, 610, b1)], "#7a5535"),
    poly([p(300, 590, b2), p(390, 590, b2), p(390, 610, b2), p(300, 610, b2)], "#6c4b2e"),
    lines(
      [330, 360].map((x) => [p(x, 590, b1), p(x, 590, b2)]),
      "#6c4b2e",
      2,
    ),
  );

  // Ceiling-mounted rain head, and the rain.
  body.push(
    rect(594, 40, 12, 130, "url(#brass)"),
    ellipse(600, 40, 22, 5, "url(#brassV)"),
    ellipse(600, 176, 110, 16, "url(#brassV)"),
    ellipse(600, 180, 104, 12, "#6f4f22"),
    ellipse(600, 181, 96, 9, "#8a6530"),
  );
  body.push(
    lines(
      range(515, 685, 14).map((x, i) => [
        [x, 192 + (i % 3) * 8],
        [600 + (x - 600) * 1.55, 700],
      ]),
      "url(#water)",
      2,
      { "stroke-dasharray": "38 22", "stroke-linecap": "round" },
    ),
  );

  // Frameless glass panel standing out from the back wall, in a brass floor channel.
  const g2 = depth(1.35);
  body.push(
    poly([p(760, 250), p(760, 250, g2), p(760, 690, g2), p(760, 690)], "url(#glass)"),
    lines(
      [
        [p(760, 250), p(760, 250, g2)],
        [p(760, 250, g2), p(760, 690, g2)],
      ],
      "#e9f5f3",
      3,
      { opacity: 0.9 },
    ),
    lines([[p(760, 690), p(760, 690, g2)]], "url(#brassV)", 7),
    pathEl(
      `M${pts([p(760, 300, 1.05)])}L${pts([p(760, 340, 1.28)])}L${pts([p(760, 420, 1.28)])}L${pts([p(760, 380, 1.05)])}Z`,
      "#ffffff",
      { opacity: 0.22 },
    ),
  );

  // Towel over a brass bar, outside the shower on the right wall.
  const t1 = depth(0.9);
  const t2 = depth(1.5);
  body.push(
    poly([p(900, 392, t1), p(900, 392, t2), p(900, 590, t2), p(900, 590, t1)], INK, {
      opacity: 0.1,
    }),
    poly([p(900, 382, t1), p(900, 382, t2), p(900, 580, t2), p(900, 580, t1)], "#f4f0e8"),
    poly([p(900, 382, t1), p(900, 382, t2), p(900, 420, t2), p(900, 420, t1)], "#ffffff"),
    lines([[p(900, 540, t1), p(900, 540, t2)]], "#d6ccbc", 4),
    lines([[p(900, 382, t1 - 0.05), p(900, 382, t2 + 0.05)]], "url(#brassV)", 6, {
      "stroke-linecap": "round",
    }),
  );
  // Recessed downlight.
  body.push(ellipse(420, 84, 26, 5, "#fffaf0"), ellipse(780, 84, 26, 5, "#fffaf0"));
  return svg(W, H, defs, body);
}

function doubleVanity() {
  const W = 1200;
  const H = 900;
  const R = room({ vp: [600, 430], back: [-300, 0, 1500, 760], z0: 5 });
  const defs = [
    ...COMMON_DEFS,
    `<pattern id="bricks" width="120" height="44" patternUnits="userSpaceOnUse">${[
      rect(0, 0, 60, 22, "#e4ddd0"),
      rect(60, 0, 60, 22, "#ded6c8"),
      rect(-30, 22, 60, 22, "#e0d8ca"),
      rect(30, 22, 60, 22, "#e7e0d4"),
      rect(90, 22, 60, 22, "#dcd3c4"),
    ].join("")}${lines(
      [
        [
          [0, 0],
          [120, 0],
        ],
        [
          [0, 22],
          [120, 22],
        ],
        [
          [60, 0],
          [60, 22],
        ],
        [
          [0, 0],
          [0, 22],
        ],
        [
          [30, 22],
          [30, 44],
        ],
        [
          [90, 22],
          [90, 44],
        ],
      ],
      "#cfc5b5",
      1.5,
    )}</pattern>`,
    lin(
      "wall",
      [0, 0, 0, 1],
      [
        [0, "#ece6dc"],
        [1, "#e2dacd"],
      ],
    ),
    lin(
      "floor",
      [0, 0, 0, 1],
      [
        [0, "#bfb4a3"],
        [1, "#d2c8b8"],
      ],
    ),
    lin(
      "wood",
      [0, 0, 0, 1],
      [
        [0, "#b7885b"],
        [1, "#9a6d45"],
      ],
    ),
    lin(
      "quartz",
      [0, 0, 0, 1],
      [
        [0, "#fbf9f5"],
        [1, "#e9e4db"],
      ],
    ),
    lin(
      "mirror",
      [0, 0, 1, 1],
      [
        [0, "#dfe6e5"],
        [0.55, "#eef0ec"],
        [1, "#d2d9d7"],
      ],
    ),
    lin(
      "bowl",
      [0, 0, 1, 0],
      [
        [0, "#e3ddd3"],
        [0.35, "#ffffff"],
        [1, "#d9d2c7"],
      ],
    ),
    lin(
      "underglow",
      [0, 0, 0, 1],
      [
        [0, "#ffe8bd", 0.7],
        [1, "#ffe8bd", 0],
      ],
    ),
    `<clipPath id="m1">${circle(400, 310, 122, "#000")}</clipPath>`,
    `<clipPath id="m2">${circle(800, 310, 122, "#000")}</clipPath>`,
  ];
  const body = [];
  body.push(rect(0, 0, W, 760, "url(#wall)"));
  body.push(rect(150, 0, 900, 760, "url(#bricks)"));
  body.push(rect(150, 0, 900, 760, "url(#wall)", { opacity: 0.45 }));
  body.push(poly(R.floor, "url(#floor)"));
  body.push(lines(R.floorGrid(range(-300, 1500, 150), [0.8, 1.6, 2.4]), "#ab9f8c", 1.5));

  // Warm strip light under the floating vanity, its shadow and glow.
  body.push(
    rect(170, 722, 860, 38, "url(#underglow)"),
    ellipse(600, 778, 470, 22, "url(#underglow)"),
  );

  // Round mirrors in slim brass frames.
  for (const [x, clip] of [
    [400, "m1"],
    [800, "m2"],
  ]) {
    body.push(
      ellipse(x + 6, 318, 130, 130, INK, { opacity: 0.08 }),
      circle(x, 310, 128, "url(#brass)"),
      circle(x, 310, 122, "url(#mirror)"),
      `<g clip-path="url(#${clip})">${poly(
        [
          [x - 160, 300],
          [x - 40, 180],
          [x + 10, 180],
          [x - 110, 300],
        ],
        "#ffffff",
        { opacity: 0.45 },
      )}${poly(
        [
          [x - 90, 420],
          [x + 60, 270],
          [x + 80, 270],
          [x - 70, 420],
        ],
        "#ffffff",
        { opacity: 0.35 },
      )}</g>`,
    );
  }

  // Brass sconces with opal glass shades.
  for (const x of [196, 600, 1004]) {
    body.push(
      ellipse(x, 300, 120, 150, "url(#glow)"),
      rect(x - 5, 270, 10, 70, "url(#brass)", { rx: 5 }),
      rect(x - 3, 300, 22, 6, "url(#brassV)", { rx: 3 }),
      rect(x + 8, 250, 34, 70, "#fbf3e2", { rx: 17 }),
      rect(x + 13, 258, 8, 54, "#ffffff", { rx: 4, opacity: 0.8 }),
      rect(x + 8, 314, 34, 8, "url(#brassV)", { rx: 4 }),
    );
  }

  // Wall-mounted spouts above vessel basins.
  for (const x of [400, 800]) {
    body.push(
      circle(x, 478, 13, "url(#brassV)"),
      rect(x - 5, 478, 10, 34, "url(#brass)", { rx: 5 }),
      rect(x - 38, 470, 16, 16, "url(#brassV)", { rx: 8 }),
      rect(x + 22, 470, 16, 16, "url(#brassV)", { rx: 8 }),
    );
  }

  // Floating vanity: quartz top, warm wood drawers with brass pulls.
  body.push(
    rect(178, 720, 844, 14, INK, { opacity: 0.1 }),
    poly(
      [
        [186, 572],
        [1014, 572],
        [1030, 590],
        [170, 590],
      ],
      "url(#quartz)",
    ),
    rect(170, 590, 860, 18, "#ece7de"),
    rect(170, 606, 860, 2, "#d6ccbc"),
    rect(170, 608, 860, 114, "url(#wood)"),
  );
  for (const [x0, x1] of [
    [170, 385],
    [385, 600],
    [600, 815],
    [815, 1030],
  ]) {
    body.push(
      rect(x0 + 3, 611, x1 - x0 - 6, 108, "none", { stroke: "#7b5534", "stroke-width": 2 }),
      rect((x0 + x1) / 2 - 40, 622, 80, 5, "url(#brass)", { rx: 2.5 }),
    );
  }
  body.push(
    pathEl(
      "M180 650C300 640 380 664 520 652S760 640 900 656S990 650 1020 648M180 690C320 684 420 700 560 690S800 680 1020 694",
      "none",
      { stroke: "#8c6140", "stroke-width": 1.5, opacity: 0.45 },
    ),
  );
  for (const x of [400, 800]) {
    body.push(
      ellipse(x, 583, 70, 5, INK, { opacity: 0.14 }),
      pathEl(`M${x - 92} 548C${x - 88} 588 ${x + 88} 588 ${x + 92} 548Z`, "url(#bowl)"),
      ellipse(x, 548, 92, 9, "#f7f4ee"),
      ellipse(x, 549, 84, 6, "#d7d0c4"),
    );
  }

  // Between the basins: a soap bottle and a bud vase on a small tray; hand towels at the end.
  body.push(
    rect(556, 574, 88, 8, "#9a6d45", { rx: 3 }),
    rect(566, 540, 26, 36, "#5f7d6c", { rx: 5 }),
    rect(573, 530, 12, 12, INK, { rx: 2 }),
    pathEl("M612 576C602 562 604 546 614 540H626C636 546 638 562 628 576Z", STONE_3),
    pathEl("M620 540C618 510 628 486 644 470", "none", { stroke: "#3f5a4d", "stroke-width": 2 }),
    leaf(621, 520, 22, 7, -40, "#718d7d"),
    leaf(626, 502, 22, 7, 45, "#5f7d6c"),
    leaf(636, 484, 20, 6, -25, "#718d7d"),
    towels(904, 584, 96, ["#fbf9f5", BRASS_LIGHT]),
  );
  return svg(W, H, defs, body);
}

function accessibleBath() {
  const W = 1200;
  const H = 900;
  const R = room({ vp: [600, 400], back: [280, 120, 920, 700], z0: 5 });
  const { p, depth } = R;
  const defs = [
    ...COMMON_DEFS,
    lin(
      "ceil",
      [0, 0, 0, 1],
      [
        [0, "#e0d9cd"],
        [1, "#f1ece4"],
      ],
    ),
    lin(
      "wall",
      [0, 0, 0, 1],
      [
        [0, "#efe9df"],
        [1, "#e3dbcf"],
      ],
    ),
    lin(
      "sageTile",
      [0, 0, 0, 1],
      [
        [0, "#cfd8cf"],
        [1, "#b9c6bc"],
      ],
    ),
    lin(
      "leftWall",
      [0, 0, 1, 0],
      [
        [0, "#d5ccbe"],
        [1, "#e6dfd3"],
      ],
    ),
    lin(
      "rightWall",
      [0, 0, 1, 0],
      [
        [0, "#e2dace"],
        [1, "#cbc1b1"],
      ],
    ),
    lin(
      "floor",
      [0, 0, 0, 1],
      [
        [0, "#d3c9b9"],
        [1, "#c2b6a3"],
      ],
    ),
    lin(
      "showerFloor",
      [0, 0, 0, 1],
      [
        [0, "#aebdb2"],
        [1, "#9caea1"],
      ],
    ),
    lin(
      "sky",
      [0, 0, 0, 1],
      [
        [0, "#c4d3d6"],
        [1, "#f5efe3"],
      ],
    ),
    lin(
      "teak",
      [0, 0, 0, 1],
      [
        [0, "#b88a5c"],
        [1, "#946a43"],
      ],
    ),
    lin(
      "basin",
      [0, 0, 1, 0],
      [
        [0, "#e6e0d6"],
        [0.4, "#ffffff"],
        [1, "#dcd5ca"],
      ],
    ),
    lin(
      "mirror",
      [0, 0, 1, 1],
      [
        [0, "#dfe6e5"],
        [0.6, "#f0f1ed"],
        [1, "#d4dbd8"],
      ],
    ),
  ];
  const body = [];
  body.push(poly(R.ceiling, "url(#ceil)"));
  body.push(poly(R.back, "url(#wall)"));
  body.push(rect(280, 120, 380, 580, "url(#sageTile)"));
  body.push(
    lines(
      [
        ...range(280, 660, 95).map((x) => [
          [x, 120],
          [x, 700],
        ]),
        ...range(120, 700, 72.5).map((y) => [
          [280, y],
          [660, y],
        ]),
      ],
      "#a9b8ad",
      1.2,
    ),
  );

  // Floor: large tiles; the shower's smaller slip-resistant tiles, level with the room.
  body.push(poly(R.floor, "url(#floor)"));
  body.push(lines(R.floorGrid(range(280, 920, 160), [0.8, 1.6, 2.4]), "#b2a692", 1.5));
  const sd = depth(1.4);
  body.push(
    poly([p(280, 700), p(660, 700), p(660, 700, sd), p(280, 700, sd)], "url(#showerFloor)"),
    lines(
      [
        ...range(280, 660, 38).map((x) => [p(x, 700), p(x, 700, sd)]),
        ...range(0.2, 1.3, 0.2).map((d) => [p(280, 700, depth(d)), p(660, 700, depth(d))]),
      ],
      "#93a597",
      1,
    ),
    // Flush brass threshold strips instead of a curb.
    lines(
      [
        [p(660, 700), p(660, 700, sd)],
        [p(280, 700, sd), p(660, 700, sd)],
      ],
      "url(#brassV)",
      4,
    ),
    // Linear drain along the back wall.
    poly(
      [
        p(290, 700, depth(0.08)),
        p(650, 700, depth(0.08)),
        p(650, 700, depth(0.2)),
        p(290, 700, depth(0.2)),
      ],
      "url(#brassV)",
    ),
  );

  body.push(poly(R.left, "url(#leftWall)"));
  // A high window on the left wall for daylight and privacy.
  const w1 = depth(0.9);
  const w2 = depth(2.2);
  body.push(
    poly([p(280, 170, w1), p(280, 170, w2), p(280, 330, w2), p(280, 330, w1)], "#c4b9a8"),
    poly(
      [
        p(280, 180, w1 + 0.03),
        p(280, 180, w2 - 0.05),
        p(280, 320, w2 - 0.05),
        p(280, 320, w1 + 0.03),
      ],
      "url(#sky)",
    ),
    lines([[p(280, 180, (w1 + w2) / 2), p(280, 320, (w1 + w2) / 2)]], INK, 5),
    poly(
      [
        p(280, 180, w1 + 0.03),
        p(280, 180, w2 - 0.05),
        p(280, 320, w2 - 0.05),
        p(280, 320, w1 + 0.03),
      ],
      "none",
      { stroke: INK, "stroke-width": 6 },
    ),
  );
  body.push(poly(R.right, "url(#rightWall)"));

  // Teak fold-down shower bench on brass brackets.
  const b = depth(0.45);
  body.push(
    poly([p(300, 700), p(480, 700), p(480, 700, b), p(300, 700, b)], INK, { opacity: 0.08 }),
    poly([p(300, 610), p(480, 610), p(480, 610, b), p(300, 610, b)], "url(#teak)"),
    poly([p(300, 610, b), p(480, 610, b), p(480, 626, b), p(300, 626, b)], "#7a5535"),
    lines(
      [330, 360, 390, 420, 450].map((x) => [p(x, 610), p(x, 610, b)]),
      "#7a5535",
      1.5,
    ),
    rect(312, 627, 156, 9, "url(#brassV)", { rx: 3 }),
  );

  // Grab bars styled as brass towel bars: over the bench and beside the entry.
  const bar = (x1, y1, x2, y2) =>
    (y1 === y2
      ? rect(x1, y1 - 4.5, x2 - x1, 9, "url(#brassV)", { rx: 4.5 })
      : rect(x1 - 4.5, y1, 9, y2 - y1, "url(#brass)", { rx: 4.5 })) +
    circle(x1, y1, 9, "url(#brassV)") +
    circle(x2, y2, 9, "url(#brassV)");
  body.push(
    lines(
      [
        [
          [306, 506],
          [474, 506],
        ],
      ],
      INK,
      6,
      { opacity: 0.1, "stroke-linecap": "round" },
    ),
    bar(300, 500, 480, 500),
    bar(636, 380, 636, 560),
  );

  // Handheld shower on a slide bar, its hose looping to the outlet; lever mixer.
  body.push(
    rect(541, 260, 8, 300, INK, { opacity: 0.08 }),
    rect(536, 256, 8, 300, "url(#brass)", { rx: 4 }),
    circle(540, 256, 8, "url(#brassV)"),
    circle(540, 556, 8, "url(#brassV)"),
    rect(530, 318, 20, 14, "url(#brassV)", { rx: 4 }),
    pathEl("M536 334L520 392", "none", {
      stroke: "url(#brassV)",
      "stroke-width": 12,
      "stroke-linecap": "round",
    }),
    ellipse(546, 312, 26, 12, "url(#brassV)", { transform: "rotate(-18 546 312)" }),
    ellipse(548, 316, 20, 7, BRASS, { transform: "rotate(-18 548 316)" }),
    pathEl("M520 396C500 520 560 640 596 600S580 560 572 590", "none", {
      stroke: "#b7b1a6",
      "stroke-width": 5,
      "stroke-linecap": "round",
    }),
    circle(572, 592, 9, "url(#brassV)"),
    circle(440, 430, 20, "url(#brassV)"),
    rect(436, 422, 52, 12, "url(#brass)", { rx: 6 }),
  );

  // Wall-hung basin with open knee space, a mirror above, a towel on a bar.
  body.push(
    rect(752, 230, 128, 190, "url(#brass)", { rx: 64 }),
    rect(758, 236, 116, 178, "url(#mirror)", { rx: 58 }),
    poly(
      [
        [772, 330],
        [838, 250],
        [856, 262],
        [790, 344],
      ],
      "#fff",
      { opacity: 0.4 },
    ),
    circle(816, 492, 10, "url(#brassV)"),
    rect(812, 492, 8, 22, "url(#brass)", { rx: 4 }),
    rect(806, 484, 40, 8, "url(#brassV)", { rx: 4 }),
    poly(
      [
        [736, 522],
        [896, 522],
        [906, 538],
        [726, 538],
      ],
      "#f7f4ee",
    ),
    pathEl("M726 538H906C904 566 880 580 852 582H780C752 580 728 566 726 538Z", "url(#basin)"),
    ellipse(816, 584, 80, 5, INK, { opacity: 0.08 }),
    rect(810, 582, 12, 34, "url(#brass)", { rx: 3 }),
    ellipse(816, 700, 110, 8, INK, { opacity: 0.07 }),
  );
  const t1 = depth(1.0);
  const t2 = depth(1.8);
  body.push(
    poly([p(920, 452, t1), p(920, 452, t2), p(920, 620, t2), p(920, 620, t1)], INK, {
      opacity: 0.08,
    }),
    poly([p(920, 442, t1), p(920, 442, t2), p(920, 612, t2), p(920, 612, t1)], "#8fa698"),
    poly([p(920, 442, t1), p(920, 442, t2), p(920, 478, t2), p(920, 478, t1)], "#a3b7aa"),
    lines([[p(920, 580, t1), p(920, 580, t2)]], "#7a9385", 4),
    lines([[p(920, 440, t1 - 0.06), p(920, 440, t2 + 0.06)]], "url(#brassV)", 8, {
      "stroke-linecap": "round",
    }),
  );
  body.push(ellipse(450, 74, 26, 5, "#fffaf0"), ellipse(750, 74, 26, 5, "#fffaf0"));
  return svg(W, H, defs, body);
}

function commercialRestroom() {
  const W = 1200;
  const H = 800;
  const R = room({ vp: [600, 330], back: [120, 60, 1080, 600], z0: 5 });
  const { p, depth } = R;
  const defs = [
    ...COMMON_DEFS,
    lin(
      "ceil",
      [0, 0, 0, 1],
      [
        [0, "#d9d3c9"],
        [1, "#ece7df"],
      ],
    ),
    lin(
      "tile",
      [0, 0, 0, 1],
      [
        [0, "#e9e4dc"],
        [1, "#ddd6cb"],
      ],
    ),
    lin(
      "leftWall",
      [0, 0, 1, 0],
      [
        [0, "#cdc5b8"],
        [1, "#ddd6cb"],
      ],
    ),
    lin(
      "rightWall",
      [0, 0, 1, 0],
      [
        [0, "#dad3c8"],
        [1, "#c4bbad"],
      ],
    ),
    lin(
      "floor",
      [0, 0, 0, 1],
      [
        [0, "#9d968b"],
        [1, "#86807a"],
      ],
    ),
    lin(
      "mirror",
      [0, 0, 1, 1],
      [
        [0, "#d6dfdf"],
        [0.5, "#e9ecea"],
        [1, "#cfd8d8"],
      ],
    ),
    lin(
      "steel",
      [0, 0, 1, 0],
      [
        [0, "#8e9699"],
        [0.4, "#eef1f1"],
        [1, "#9aa2a5"],
      ],
    ),
    lin(
      "steelV",
      [0, 0, 0, 1],
      [
        [0, "#eef1f1"],
        [1, "#8e9699"],
      ],
    ),
    lin(
      "door",
      [0, 0, 0, 1],
      [
        [0, "#56736a"],
        [1, "#46615a"],
      ],
    ),
    lin(
      "basin",
      [0, 0, 1, 0],
      [
        [0, "#e5dfd6"],
        [0.4, "#ffffff"],
        [1, "#dad3c8"],
      ],
    ),
    lin(
      "lightBar",
      [0, 0, 0, 1],
      [
        [0, "#fff6df", 0.85],
        [1, "#fff6df", 0],
      ],
    ),
    lin(
      "sheen",
      [0, 0, 0, 1],
      [
        [0, "#ffffff", 0.22],
        [1, "#ffffff", 0],
      ],
    ),
    lin(
      "pot",
      [0, 0, 1, 0],
      [
        [0, "#2f3b40"],
        [0.4, "#556268"],
        [1, "#263034"],
      ],
    ),
  ];
  const body = [];
  body.push(poly(R.ceiling, "url(#ceil)"));
  body.push(
    lines(
      [0.5, 1.5].map((d) => [p(260, 60, depth(d)), p(940, 60, depth(d))]),
      "#fffaf0",
      7,
      { "stroke-linecap": "round" },
    ),
  );
  // Durable porcelain wall tile, stacked.
  body.push(poly(R.back, "url(#tile)"));
  body.push(
    lines(
      [
        ...range(120, 1080, 60).map((x) => [
          [x, 60],
          [x, 600],
        ]),
        ...range(60, 600, 120).map((y) => [
          [120, y],
          [1080, y],
        ]),
      ],
      "#cfc7bb",
      1.2,
    ),
  );
  // Long mirror with a light line above it.
  body.push(
    rect(140, 126, 480, 10, "#fffaf0"),
    rect(140, 136, 480, 60, "url(#lightBar)"),
    rect(140, 150, 480, 230, "url(#steelV)"),
    rect(144, 154, 472, 222, "url(#mirror)"),
    poly(
      [
        [190, 376],
        [320, 154],
        [370, 154],
        [240, 376],
      ],
      "#fff",
      { opacity: 0.35 },
    ),
    poly(
      [
        [440, 376],
        [570, 154],
        [590, 154],
        [460, 376],
      ],
      "#fff",
      { opacity: 0.3 },
    ),
  );
  // Wall-hung basins with sensor spouts, soap dispensers and chrome traps.
  for (const x of [220, 380, 540]) {
    body.push(
      rect(x - 4, 430, 8, 80, "url(#steel)"),
      pathEl(`M${x} 510v40h40`, "none", { stroke: "url(#steel)", "stroke-width": 8 }),
      ellipse(x, 478, 60, 5, INK, { opacity: 0.08 }),
      poly(
        [
          [x - 68, 420],
          [x + 68, 420],
          [x + 74, 432],
          [x - 74, 432],
        ],
        "#f7f4ee",
      ),
      ellipse(x, 426, 50, 4, "#d5cdc0"),
      pathEl(
        `M${x - 74} 432H${x + 74}V450Q${x + 74} 470 ${x + 54} 472H${x - 54}Q${x - 74} 470 ${x - 74} 450Z`,
        "url(#basin)",
      ),
      rect(x - 7, 392, 14, 8, "url(#steel)", { rx: 3 }),
      rect(x - 4, 396, 8, 26, "url(#steel)", { rx: 3 }),
      rect(x + 44, 396, 20, 22, "url(#steelV)", { rx: 4 }),
    );
  }

  body.push(poly(R.floor, "url(#floor)"));
  body.push(lines(R.floorGrid(range(120, 1080, 120), [0.7, 1.4, 2.1, 2.8]), "#77716a", 1.5));
  body.push(
    poly([p(140, 600, 1.01), p(620, 600, 1.01), p(640, 600, 1.9), p(140, 600, 1.9)], "url(#sheen)"),
  );
  body.push(poly(R.left, "url(#leftWall)"));
  body.push(lines(R.wallGrid(120, range(60, 600, 120), []), "#c2b9ab", 1.2));
  // Recessed paper towel and waste unit in the left wall.
  const u1 = depth(0.15);
  const u2 = depth(0.5);
  body.push(
    poly([p(120, 300, u1), p(120, 300, u2), p(120, 560, u2), p(120, 560, u1)], "url(#steel)"),
    lines([[p(120, 380, u1), p(120, 380, u2)]], "#7f878a", 2),
  );
  body.push(poly(R.right, "url(#rightWall)"));

  // Toilet partitions: a side panel, pilasters and doors standing in front of the back wall.
  const s = depth(1.0);
  body.push(
    poly([p(700, 600), p(700, 600, s), p(1080, 600, s), p(1080, 600)], INK, { opacity: 0.08 }),
    poly([p(700, 270), p(700, 270, s), p(700, 552, s), p(700, 552)], "#3d564f"),
    poly([p(700, 552), p(700, 552, s), p(700, 600, s), p(700, 600)], INK, { opacity: 0.15 }),
  );
  for (const [x0, x1, kind] of [
    [700, 724, "pilaster"],
    [724, 850, "door"],
    [850, 874, "pilaster"],
    [874, 1000, "door"],
    [1000, 1024, "pilaster"],
    [1024, 1150, "door"],
  ]) {
    const [ax, ay] = p(x0, 270, s);
    const [bx] = p(x1, 270, s);
    const bottom = kind === "pilaster" ? p(x0, 600, s)[1] : p(x0, 552, s)[1];
    body.push(
      rect(ax, ay, bx - ax, bottom - ay, kind === "door" ? "url(#door)" : "#3f5952"),
      rect(ax, ay, 3, bottom - ay, "#ffffff", { opacity: 0.12 }),
    );
    if (kind === "door") {
      body.push(
        rect(ax + 14, ay + 40, 6, 20, "url(#steel)"),
        rect(ax + 14, bottom - 70, 6, 20, "url(#steel)"),
        rect(bx - 30, ay + 170, 12, 48, "url(#steel)", { rx: 5 }),
        circle(bx - 24, ay + 150, 7, "#9fb8a3"),
      );
    } else {
      body.push(rect(ax - 2, bottom - 24, bx - ax + 4, 24, "url(#steel)"));
    }
  }
  const [hx, hy] = p(700, 262, s);
  body.push(rect(hx, hy, W - hx, 10, "url(#steelV)"));
  // Floor-standing planter at the entrance to the stalls.
  body.push(plant(652, 552, 0.4, { pot: "pot" }));
  return svg(W, H, defs, body);
}

/** Small tile patterns for sample boards (frontal), each `<pattern>` in user space. */
function tilePatterns() {
  const pattern = (id, w, h, content) =>
    `<pattern id="${id}" width="${w}" height="${h}" patternUnits="userSpaceOnUse">${content}</pattern>`;
  return [
    pattern(
      "pSubway",
      40,
      20,
      rect(0, 0, 40, 20, "#f4f1eb") +
        pathEl("M0 0.5H40M0 10.5H40M20 0V10M0 10V20M40 10V20", "none", {
          stroke: "#cfc6b8",
          "stroke-width": 1,
        }),
    ),
    pattern(
      "pHex",
      24,
      41.6,
      rect(0, 0, 24, 41.6, "#7f998b") +
        pathEl(
          "M12 0L24 6.9V20.8L12 27.7L0 20.8V6.9ZM0 20.8V34.7L12 41.6M24 20.8V34.7L12 41.6",
          "none",
          {
            stroke: "#e6ece6",
            "stroke-width": 1.2,
          },
        ),
    ),
    pattern(
      "pChecker",
      32,
      32,
      rect(0, 0, 32, 32, "#efe9df") +
        rect(0, 0, 16, 16, "#3d4a50") +
        rect(16, 16, 16, 16, "#3d4a50"),
    ),
    pattern(
      "pChevron",
      24,
      24,
      rect(0, 0, 24, 24, "#c99a78") +
        pathEl("M0 12L12 0L24 12M0 24L12 12L24 24", "none", {
          stroke: "#f1e4d6",
          "stroke-width": 1.4,
        }),
    ),
    pattern(
      "pScale",
      24,
      12,
      rect(0, 0, 24, 12, "#9fb4b8") +
        pathEl("M0 12A12 12 0 0 1 24 12M-12 6A12 12 0 0 1 12 6M12 6A12 12 0 0 1 36 6", "none", {
          stroke: "#edf2f1",
          "stroke-width": 1.2,
        }),
    ),
    pattern(
      "pTerrazzo",
      40,
      40,
      rect(0, 0, 40, 40, "#ebe4d8") +
        circle(6, 8, 2.5, "#b88a46") +
        circle(26, 5, 1.8, "#4f6b5d") +
        circle(18, 22, 3, "#d6ccbc") +
        circle(34, 28, 2.2, "#8a6530") +
        circle(9, 32, 1.6, "#1c2529") +
        circle(30, 16, 1.4, "#c99a78"),
    ),
  ];
}

function quincyShowroom() {
  const W = 1200;
  const H = 800;
  const R = room({ vp: [600, 320], back: [200, 80, 1000, 560], z0: 6 });
  const { p, depth } = R;
  const defs = [
    ...COMMON_DEFS,
    ...tilePatterns(),
    lin(
      "ceil",
      [0, 0, 0, 1],
      [
        [0, "#d8d1c5"],
        [1, "#ebe5db"],
      ],
    ),
    lin(
      "wall",
      [0, 0, 0, 1],
      [
        [0, "#f0ebe3"],
        [1, "#e6dfd3"],
      ],
    ),
    lin(
      "sagePanel",
      [0, 0, 0, 1],
      [
        [0, "#5d7a6b"],
        [1, "#4a6356"],
      ],
    ),
    lin(
      "leftWall",
      [0, 0, 1, 0],
      [
        [0, "#d7cfc2"],
        [1, "#e8e2d8"],
      ],
    ),
    lin(
      "floor",
      [0, 0, 0, 1],
      [
        [0, "#d2c7b5"],
        [1, "#bfb19b"],
      ],
    ),
    lin(
      "sky",
      [0, 0, 0, 1],
      [
        [0, "#bcd0d6"],
        [1, "#f4eee2"],
      ],
    ),
    lin(
      "daylight",
      [0, 0, 1, 0],
      [
        [0, "#fffbf0", 0],
        [1, "#fffbf0", 0.55],
      ],
    ),
    lin(
      "wood",
      [0, 0, 0, 1],
      [
        [0, "#b98a5d"],
        [1, "#9b6f47"],
      ],
    ),
    lin(
      "tableTop",
      [0, 0, 0, 1],
      [
        [0, "#c19468"],
        [1, "#a97c52"],
      ],
    ),
    lin(
      "quartz",
      [0, 0, 0, 1],
      [
        [0, "#fbf9f5"],
        [1, "#e9e4db"],
      ],
    ),
    lin(
      "mirror",
      [0, 0, 1, 1],
      [
        [0, "#a9bdb5"],
        [1, "#d9e2dd"],
      ],
    ),
    lin(
      "chair",
      [0, 0, 0, 1],
      [
        [0, "#e3d3b6"],
        [1, "#cdb892"],
      ],
    ),
    lin(
      "pot",
      [0, 0, 1, 0],
      [
        [0, "#b9a88f"],
        [0.4, "#d8cab4"],
        [1, "#9c8b72"],
      ],
    ),
    lin(
      "dome",
      [0, 0, 0, 1],
      [
        [0, "#8a6530"],
        [0.6, "#c89c58"],
        [1, "#e9d9bd"],
      ],
    ),
  ];
  const body = [];
  body.push(poly(R.ceiling, "url(#ceil)"));
  body.push(
    lines(
      [0.8, 2.2].map((d) => [p(300, 80, depth(d)), p(900, 80, depth(d))]),
      "#fffaf0",
      6,
      { "stroke-linecap": "round" },
    ),
  );
  body.push(poly(R.back, "url(#wall)"));

  // Sample wall: six framed tile boards.
  const boards = ["pSubway", "pHex", "pChecker", "pChevron", "pScale", "pTerrazzo"];
  boards.forEach((id, i) => {
    const x = 236 + (i % 3) * 122;
    const y = 150 + Math.floor(i / 3) * 170;
    body.push(
      rect(x + 5, y + 7, 104, 150, INK, { opacity: 0.1 }),
      rect(x - 4, y - 4, 112, 158, "#b08457"),
      rect(x, y, 104, 150, `url(#${id})`),
    );
  });
  body.push(rect(226, 486, 360, 10, "url(#wood)"), rect(226, 496, 360, 3, INK, { opacity: 0.12 }));
  for (const [x, w, fill] of [
    [240, 70, "#efe9df"],
    [320, 56, "#8fa698"],
    [386, 80, "#3d4a50"],
    [476, 60, "#d9c39c"],
  ]) {
    body.push(rect(x, 470, w, 16, fill, { rx: 2 }), rect(x, 470, w, 3, "#fff", { opacity: 0.35 }));
  }

  // Vanity display on a sage feature panel.
  body.push(rect(650, 80, 330, 480, "url(#sagePanel)"));
  body.push(
    circle(815, 260, 92, "url(#brass)"),
    circle(815, 260, 86, "url(#mirror)"),
    poly(
      [
        [752, 280],
        [820, 190],
        [846, 196],
        [776, 292],
      ],
      "#fff",
      { opacity: 0.25 },
    ),
    circle(815, 372, 9, "url(#brassV)"),
    rect(811, 372, 8, 24, "url(#brass)", { rx: 4 }),
    poly(
      [
        [690, 408],
        [940, 408],
        [950, 420],
        [680, 420],
      ],
      "url(#quartz)",
    ),
    rect(680, 420, 270, 12, "#ece7de"),
    rect(680, 432, 270, 68, "url(#wood)"),
    lines(
      [
        [
          [815, 432],
          [815, 500],
        ],
      ],
      "#7b5534",
      2,
    ),
    rect(770, 446, 30, 4, "url(#brass)", { rx: 2 }),
    rect(830, 446, 30, 4, "url(#brass)", { rx: 2 }),
    pathEl("M765 392C767 418 863 418 865 392Z", "#ffffff"),
    ellipse(815, 392, 50, 6, "#f3efe8"),
    rect(690, 500, 250, 10, INK, { opacity: 0.12 }),
  );

  body.push(poly(R.floor, "url(#floor)"));
  body.push(lines(R.floorGrid(range(200, 1000, 100), [0.8, 1.6, 2.4, 3.2, 4.0]), "#b4a690", 1.2));

  body.push(poly(R.left, "url(#leftWall)"));
  // Sample boards along the left wall, in perspective.
  const swatches = ["#efe9df", "#c99a78", "#7f998b", "#3d4a50", "#d6ccbc"];
  swatches.forEach((fill, i) => {
    const a = depth(0.3 + i * 0.75);
    const b = depth(0.85 + i * 0.75);
    body.push(
      poly([p(200, 170, a), p(200, 170, b), p(200, 440, b), p(200, 440, a)], "#b08457"),
      poly(
        [
          p(200, 178, a + 0.01),
          p(200, 178, b - 0.01),
          p(200, 432, b - 0.01),
          p(200, 432, a + 0.01),
        ],
        fill,
      ),
      lines(
        [250, 300, 350, 400].map((y) => [p(200, y, a + 0.01), p(200, y, b - 0.01)]),
        "#ffffff",
        1,
        { opacity: 0.45 },
      ),
    );
  });

  // Storefront windows on the right wall and the daylight they let in.
  body.push(poly(R.right, "url(#leftWall)"));
  const w1 = depth(0.4);
  const w2 = depth(4.6);
  body.push(
    poly([p(1000, 110, w1), p(1000, 110, w2), p(1000, 540, w2), p(1000, 540, w1)], "url(#sky)"),
    poly([p(1000, 450, w1), p(1000, 450, w2), p(1000, 540, w2), p(1000, 540, w1)], "#9fb3a9", {
      opacity: 0.6,
    }),
    lines(
      [0.4, 1.4, 2.4, 3.4, 4.6].map((d) => [p(1000, 110, depth(d)), p(1000, 540, depth(d))]),
      INK,
      5,
    ),
    lines(
      [
        [p(1000, 110, w1), p(1000, 110, w2)],
        [p(1000, 540, w1), p(1000, 540, w2)],
      ],
      INK,
      6,
    ),
    poly([p(1000, 560, w1), p(1000, 560, w2), p(760, 560, w2), p(820, 560, w1)], "url(#daylight)"),
  );

  // Brass pendants over the consultation table.
  for (const x of [500, 700]) {
    body.push(
      rect(x - 1, 0, 2, 230, INK),
      pathEl(`M${x - 44} 276C${x - 42} 236 ${x + 42} 236 ${x + 44} 276Z`, "url(#dome)"),
      ellipse(x, 276, 44, 7, "#fff3d6"),
      ellipse(x, 330, 120, 90, "url(#glow)"),
    );
  }

  // Two upholstered chairs behind the table.
  for (const x of [470, 730]) {
    body.push(
      rect(x - 55, 440, 110, 120, "url(#chair)", { rx: 40 }),
      rect(x - 45, 452, 20, 90, "#fff", { opacity: 0.18, rx: 10 }),
    );
  }

  // Consultation table with samples, an open binder and cups.
  const t1 = depth(1.8);
  const t2 = depth(3.0);
  const top = (x, d) => p(x, 460, depth(d));
  body.push(
    ellipse(600, 770, 360, 22, "url(#shadow)"),
    rect(...p(452, 460, t2), 16, 200, "#6c4b2e"),
    rect(p(748, 460, t2)[0] - 16, p(748, 460, t2)[1], 16, 200, "#6c4b2e"),
    rect(...p(455, 460, t1), 10, 112, "#5c3f26"),
    rect(p(745, 460, t1)[0] - 10, p(745, 460, t1)[1], 10, 112, "#5c3f26"),
    poly([p(440, 460, t1), p(760, 460, t1), p(760, 460, t2), p(440, 460, t2)], "url(#tableTop)"),
    poly([p(440, 460, t2), p(760, 460, t2), p(760, 468, t2), p(440, 468, t2)], "#7e5937"),
    // Binder: two pages.
    poly([top(540, 2.15), top(600, 2.15), top(600, 2.7), top(532, 2.7)], "#fbf9f5"),
    poly([top(600, 2.15), top(660, 2.15), top(668, 2.7), top(600, 2.7)], "#f3efe7"),
    lines(
      [2.3, 2.4, 2.5].map((d) => [top(548, d), top(590, d)]),
      "#b9b0a2",
      2,
    ),
    poly([top(612, 2.28), top(652, 2.28), top(654, 2.5), top(612, 2.5)], "#8fa698"),
    // Tile samples fanned on the table.
    poly([top(470, 2.0), top(510, 2.0), top(510, 2.3), top(470, 2.3)], "url(#pChecker)"),
    poly([top(480, 2.4), top(522, 2.4), top(522, 2.75), top(480, 2.75)], "#c99a78"),
    poly([top(690, 2.0), top(730, 2.0), top(730, 2.3), top(690, 2.3)], "#efe9df"),
    poly([top(686, 2.4), top(728, 2.4), top(728, 2.75), top(686, 2.75)], "#7f998b"),
    // Two cups.
    ellipse(...top(520, 1.95), 12, 5, "#fbf9f5"),
    ellipse(...top(520, 1.95), 9, 3.5, "#6f4f22"),
    ellipse(...top(690, 2.8), 14, 6, "#fbf9f5"),
    ellipse(...top(690, 2.8), 10, 4, "#6f4f22"),
  );
  body.push(plant(110, 620, 0.9));
  return svg(W, H, defs, body);
}

function designConsultation() {
  const W = 1200;
  const H = 900;
  const defs = [
    ...COMMON_DEFS,
    ...tilePatterns(),
    `<filter id="drop" x="-15%" y="-15%" width="140%" height="140%"><feDropShadow dx="5" dy="8" stdDeviation="6" flood-color="${INK}" flood-opacity="0.22"/></filter>`,
    lin(
      "table",
      [0, 0, 1, 1],
      [
        [0, "#c59d70"],
        [1, "#a8794d"],
      ],
    ),
    lin(
      "paper",
      [0, 0, 1, 1],
      [
        [0, "#fdfcf9"],
        [1, "#f1ede5"],
      ],
    ),
    lin(
      "marble",
      [0, 0, 1, 1],
      [
        [0, "#fbfaf7"],
        [1, "#e6e1d8"],
      ],
    ),
    lin(
      "zellige",
      [0, 0, 1, 1],
      [
        [0, "#7f998b"],
        [0.5, "#5f7d6c"],
        [1, "#4f6b5d"],
      ],
    ),
    lin(
      "brushed",
      [0, 0, 1, 1],
      [
        [0, "#e9d9bd"],
        [0.45, "#b88a46"],
        [1, "#8a6530"],
      ],
    ),
    lin(
      "pencil",
      [0, 0, 0, 1],
      [
        [0, "#2e3a3f"],
        [0.5, "#1c2529"],
        [1, "#11181b"],
      ],
    ),
    rad("coffee", [
      [0, "#8a5a33"],
      [0.7, "#5c3a20"],
      [1, "#3e2614"],
    ]),
  ];
  const body = [];
  const g = (content, transform = "") =>
    `<g filter="url(#drop)"${transform ? ` transform="${transform}"` : ""}>${content}</g>`;

  // Oak table top, planks running across.
  body.push(rect(0, 0, W, H, "url(#table)"));
  body.push(
    lines(
      [180, 390, 600, 810].map((y) => [
        [0, y],
        [W, y],
      ]),
      "#8d6440",
      2,
      { opacity: 0.6 },
    ),
    pathEl(
      "M0 90C200 80 420 104 640 92S1000 80 1200 96M0 290C260 280 520 300 760 286S1040 278 1200 292M0 500C300 488 560 512 820 496S1080 490 1200 502M0 700C240 690 500 712 740 698S1020 690 1200 706",
      "none",
      { stroke: "#9c6f46", "stroke-width": 2, opacity: 0.35 },
    ),
  );

  // The floor plan of a primary bathroom (walls, door swing, tub, vanity, shower, WC).
  const plan = [
    rect(0, 0, 600, 470, "url(#paper)"),
    lines(
      [
        ...range(30, 570, 30).map((x) => [
          [x, 20],
          [x, 450],
        ]),
        ...range(20, 450, 30).map((y) => [
          [30, y],
          [570, y],
        ]),
      ],
      "#c8d4d6",
      0.8,
    ),
    pathEl("M70 60H530V410H330M250 410H70Z", "none", {
      stroke: "#3d4a50",
      "stroke-width": 12,
      "stroke-linejoin": "miter",
    }),
    pathEl("M250 410V330A80 80 0 0 1 330 410", "none", { stroke: "#3d4a50", "stroke-width": 2 }),
    rect(90, 80, 220, 100, "none", { stroke: "#3d4a50", "stroke-width": 2.5, rx: 14 }),
    rect(110, 96, 180, 68, "none", { stroke: "#3d4a50", "stroke-width": 1.5, rx: 30 }),
    circle(270, 130, 4, "#3d4a50"),
    rect(390, 80, 124, 124, "none", { stroke: "#3d4a50", "stroke-width": 2.5 }),
    pathEl("M390 80L514 204M514 80L390 204", "none", {
      stroke: "#3d4a50",
      "stroke-width": 1,
      "stroke-dasharray": "4 5",
    }),
    pathEl("M380 80V214H514", "none", { stroke: BRASS_MID, "stroke-width": 3 }),
    rect(450, 250, 60, 140, "none", { stroke: "#3d4a50", "stroke-width": 2.5 }),
    ellipse(480, 290, 18, 26, "none", { stroke: "#3d4a50", "stroke-width": 1.5 }),
    ellipse(480, 350, 18, 26, "none", { stroke: "#3d4a50", "stroke-width": 1.5 }),
    rect(90, 300, 34, 60, "none", { stroke: "#3d4a50", "stroke-width": 2.5 }),
    ellipse(148, 330, 28, 22, "none", { stroke: "#3d4a50", "stroke-width": 2 }),
    pathEl("M70 36H530M70 30V42M530 30V42M554 60V410M548 60H560M548 410H560", "none", {
      stroke: "#7f8b90",
      "stroke-width": 1.5,
    }),
  ].join("");
  body.push(g(plan, "translate(150 150) rotate(-3)"));

  // Fan deck of colour chips around a brass rivet.
  const chips = [
    STONE,
    STONE_2,
    STONE_3,
    BRASS_LIGHT,
    BRASS_MID,
    BRASS,
    "#c99a78",
    "#9fb4b8",
    "#7f998b",
    SAGE,
    "#3d4a50",
    INK,
  ];
  const fan = chips
    .map(
      (fill, i) =>
        `<g transform="rotate(${-84 + i * 7.5})">${rect(-16, -250, 54, 262, fill, { rx: 10, stroke: "#00000014" })}</g>`,
    )
    .join("");
  body.push(g(`${fan}${circle(11, 0, 8, "url(#brassV)")}`, "translate(1010 820)"));

  // Tile and stone samples.
  body.push(
    g(
      rect(0, 0, 120, 120, "url(#marble)", { rx: 3 }) +
        pathEl("M0 30C30 40 50 20 80 46S110 90 120 86M20 120C34 90 60 96 72 70", "none", {
          stroke: "#b9b3a8",
          "stroke-width": 1.5,
          opacity: 0.7,
        }),
      "translate(830 120) rotate(8)",
    ),
    g(
      rect(0, 0, 110, 110, "url(#zellige)", { rx: 4 }) +
        pathEl("M14 20C40 12 70 16 96 10", "none", {
          stroke: "#fff",
          "stroke-width": 6,
          "stroke-linecap": "round",
          opacity: 0.3,
        }),
      "translate(990 150) rotate(-6)",
    ),
    g(
      pathEl("M52 0L104 30V90L52 120L0 90V30Z", "#c99a78") +
        pathEl("M52 10L94 34V86L52 110", "none", { stroke: "#e7c3a4", "stroke-width": 2 }),
      "translate(860 300) rotate(4)",
    ),
    g(rect(0, 0, 150, 110, "url(#pHex)", { rx: 3 }), "translate(1000 300) rotate(10)"),
    g(
      rect(0, 0, 170, 70, "#5b666b", { rx: 6 }) +
        [
          [20, 16],
          [50, 40],
          [84, 22],
          [118, 48],
          [146, 20],
          [34, 54],
          [100, 56],
          [136, 34],
          [66, 12],
        ]
          .map(([x, y], i) => circle(x, y, 2 + (i % 3), i % 2 ? "#e8e1d5" : "#2a3438"))
          .join(""),
      "translate(800 470) rotate(-5)",
    ),
    g(
      rect(0, 0, 150, 64, "#e3d5bd", { rx: 6 }) +
        pathEl("M0 20C40 24 90 16 150 22M0 42C50 38 100 46 150 40", "none", {
          stroke: "#cbb896",
          "stroke-width": 2,
        }),
      "translate(1000 480) rotate(7)",
    ),
    g(rect(0, 0, 96, 64, "url(#brushed)", { rx: 4 }), "translate(706 620) rotate(-12)"),
  );

  // Fabric swatches with pinked edges.
  const pinked = (w, h, fill) => {
    const step = 10;
    let d = "M0 0";
    for (let x = step; x <= w; x += step) d += `L${x - step / 2} -4L${x} 0`;
    for (let y = step; y <= h; y += step) d += `L${w + 4} ${y - step / 2}L${w} ${y}`;
    for (let x = w - step; x >= 0; x -= step) d += `L${x + step / 2} ${h + 4}L${x} ${h}`;
    for (let y = h - step; y >= 0; y -= step) d += `L-4 ${y + step / 2}L0 ${y}`;
    return pathEl(`${d}Z`, fill);
  };
  body.push(
    g(
      pinked(160, 120, "#d8cbb4") +
        lines(
          range(8, 112, 8).map((y) => [
            [4, y],
            [156, y],
          ]),
          "#c8b99f",
          1,
          { opacity: 0.6 },
        ),
      "translate(90 660) rotate(-8)",
    ),
    g(
      pinked(140, 110, "#4f6b5d") + rect(10, 10, 60, 90, "#fff", { opacity: 0.06 }),
      "translate(300 690) rotate(6)",
    ),
  );

  // Coffee cup on a saucer.
  body.push(
    g(
      circle(0, 0, 70, "#fbf9f5") +
        circle(0, 0, 52, "#efeae1") +
        rect(40, -10, 50, 20, "#fbf9f5", { rx: 10 }) +
        circle(0, 0, 46, "#fbf9f5") +
        circle(0, 0, 38, "url(#coffee)") +
        ellipse(-10, -12, 14, 8, "#c89c6a", { opacity: 0.5 }),
      "translate(620 760)",
    ),
  );

  // Pencil across the plan.
  body.push(
    g(
      rect(0, -9, 300, 18, "url(#pencil)") +
        rect(300, -9, 26, 18, "url(#brass)") +
        rect(326, -9, 24, 18, "#c99a78", { rx: 4 }) +
        pathEl("M0 -9L-46 0L0 9Z", "#e9d2ae") +
        pathEl("M-32 -3L-46 0L-32 3Z", "#2a3438") +
        rect(0, -9, 300, 5, "#ffffff", { opacity: 0.12 }),
      "translate(520 560) rotate(-28)",
    ),
  );
  return svg(W, H, defs, body);
}

function soakingTubDetail() {
  const W = 1200;
  const H = 800;
  const defs = [
    ...COMMON_DEFS,
    lin(
      "wallDusk",
      [0, 0, 0, 1],
      [
        [0, "#b5a794"],
        [1, "#cbbda8"],
      ],
    ),
    lin(
      "skyDusk",
      [0, 0, 0, 1],
      [
        [0, "#2b3a55"],
        [0.4, "#5e6585"],
        [0.72, "#c99a86"],
        [1, "#f0c28c"],
      ],
    ),
    lin(
      "sea",
      [0, 0, 0, 1],
      [
        [0, "#8d8398"],
        [1, "#5d6078"],
      ],
    ),
    lin(
      "ledge",
      [0, 0, 0, 1],
      [
        [0, "#ece5d9"],
        [1, "#d3c8b7"],
      ],
    ),
    lin(
      "tubOuter",
      [0, 0, 0, 1],
      [
        [0, "#f7f4ee"],
        [1, "#d9d1c4"],
      ],
    ),
    lin(
      "tubWater",
      [0, 0, 0, 1],
      [
        [0, "#9aa3b3"],
        [0.5, "#c7b4a6"],
        [1, "#e2d2c0"],
      ],
    ),
    rad("candleGlow", [
      [0, "#ffe2a8", 0.85],
      [0.35, "#f7c77f", 0.35],
      [1, "#f7c77f", 0],
    ]),
    `<clipPath id="pane">${rect(110, 54, 600, 420, "#000")}</clipPath>`,
    lin(
      "floorDusk",
      [0, 0, 0, 1],
      [
        [0, "#8f8272"],
        [1, "#756959"],
      ],
    ),
    rad(
      "vignette",
      [
        [0.55, INK, 0],
        [1, INK, 0.38],
      ],
      [0.5, 0.45, 0.75],
    ),
    lin(
      "flame",
      [0, 0, 0, 1],
      [
        [0, "#fff7e0"],
        [0.6, "#ffd27a"],
        [1, "#e79a3c"],
      ],
    ),
  ];
  const body = [];
  body.push(rect(0, 0, W, H, "url(#wallDusk)"));

  // Window at dusk: sky, a sliver of sea, a dark tree line, the first stars.
  body.push(rect(96, 40, 628, 446, "#9c8e7b"), rect(110, 54, 600, 420, "url(#skyDusk)"));
  body.push(
    circle(590, 120, 16, "#f6ecd6"),
    circle(582, 114, 15, "#3a4563"),
    circle(220, 100, 1.8, "#fdf6e6"),
    circle(330, 150, 1.4, "#fdf6e6"),
    circle(460, 86, 1.6, "#fdf6e6"),
    circle(660, 200, 1.3, "#fdf6e6"),
    rect(110, 372, 600, 102, "url(#sea)"),
    rect(110, 372, 600, 3, "#f4cf9b", { opacity: 0.8 }),
    lines(
      [
        [
          [360, 392],
          [470, 392],
        ],
        [
          [390, 410],
          [450, 410],
        ],
        [
          [400, 428],
          [440, 428],
        ],
      ],
      "#f4cf9b",
      2,
      { opacity: 0.5 },
    ),
    pathEl("M110 372V330C150 318 200 326 240 336S320 352 360 372Z", "#3c4152"),
  );
  const pines = [];
  for (let i = 0; i < 12; i++) {
    const x = 480 + i * 22 + (i % 3) * 5;
    const h = 40 + ((i * 37) % 36);
    pines.push(`M${x} 372L${x + 12} ${372 - h}L${x + 24} 372Z`);
  }
  body.push(
    `<g clip-path="url(#pane)">${pathEl(pines.join(""), "#2c3440")}${rect(470, 362, 240, 12, "#2c3440")}</g>`,
  );
  body.push(
    rect(110, 54, 600, 420, "none", { stroke: INK, "stroke-width": 10 }),
    lines(
      [
        [
          [410, 54],
          [410, 474],
        ],
      ],
      INK,
      8,
    ),
  );

  // Candle glow on the wall, then the deep stone ledge behind the tub.
  body.push(ellipse(560, 470, 300, 240, "url(#candleGlow)"));
  body.push(rect(0, 486, W, 34, "url(#ledge)"), rect(0, 520, W, 20, "#b9ac98"));

  // Folded towels, a candle in a glass and a sprig on the ledge.
  body.push(towels(150, 500, 210, ["#8fa698", "#f7f4ee", "#efe6d6", BRASS_LIGHT]));
  body.push(
    ellipse(560, 500, 40, 6, INK, { opacity: 0.15 }),
    rect(530, 420, 60, 80, "#fff3dc", { rx: 8, opacity: 0.35 }),
    rect(538, 440, 44, 58, "#f6eee0", { rx: 4 }),
    ellipse(560, 440, 22, 4, "#e9dcc3"),
    pathEl("M560 402C552 414 552 428 560 436C568 428 568 414 560 402Z", "url(#flame)"),
    rect(530, 420, 60, 80, "none", {
      stroke: "#fff",
      "stroke-opacity": 0.5,
      "stroke-width": 2,
      rx: 8,
    }),
    pathEl("M650 500C644 490 646 476 654 470H664C672 476 674 490 668 500Z", "#3d4a50"),
    pathEl("M659 470C657 446 664 428 676 414", "none", { stroke: "#4f6b5d", "stroke-width": 2 }),
    leaf(660, 456, 20, 6, -40, "#718d7d"),
    leaf(664, 440, 20, 6, 45, "#5f7d6c"),
    leaf(671, 425, 17, 5, -30, "#718d7d"),
  );

  // Floor beyond the tub.
  body.push(rect(0, 730, W, 70, "url(#floorDusk)"), rect(0, 730, W, 3, "#a69886"));

  // The tub: a wide rim sweeping across the foreground, water catching the dusk.
  body.push(
    ellipse(470, 800, 600, 60, INK, { opacity: 0.2 }),
    ellipse(430, 730, 570, 180, "url(#tubOuter)"),
    ellipse(430, 726, 540, 158, "#f4f0ea"),
    ellipse(430, 738, 508, 138, "url(#tubWater)"),
    lines(
      [
        [526, 120],
        [534, 80],
        [542, 60],
        [546, 44],
        [550, 30],
        [553, 20],
      ].map(([x, w], i) => [
        [x + (i % 2) * 6, 612 + i * 14],
        [x + w + (i % 2) * 6, 612 + i * 14],
      ]),
      "#ffdba0",
      3,
      { opacity: 0.55, "stroke-linecap": "round" },
    ),
    pathEl(
      "M120 690C200 682 260 694 340 686M700 660C760 652 820 664 880 656M260 760C340 752 420 766 520 756",
      "none",
      {
        stroke: "#fff",
        "stroke-width": 2,
        opacity: 0.3,
      },
    ),
    ellipse(430, 726, 540, 158, "none", { stroke: "#fff", "stroke-width": 4, opacity: 0.6 }),
  );

  // Brass floor-mounted tub filler beside the tub, arching over the rim.
  body.push(
    ellipse(1060, 772, 54, 10, INK, { opacity: 0.3 }),
    ellipse(1060, 766, 34, 8, "url(#brass)"),
    rect(1049, 330, 22, 436, "url(#brass)"),
    pathEl("M1060 336C1060 250 950 240 930 330L926 362", "none", {
      stroke: "url(#brassV)",
      "stroke-width": 20,
      "stroke-linecap": "round",
    }),
    rect(1069, 450, 52, 12, "url(#brassV)", { rx: 6 }),
    rect(1032, 560, 14, 70, "url(#brass)", { rx: 7 }),
    rect(1053, 338, 6, 420, "#fff", { opacity: 0.35 }),
  );
  body.push(rect(0, 0, W, H, "url(#vignette)"));
  return svg(W, H, defs, body);
}

const SCENES = {
  "home-hero": homeHero,
  "walk-in-shower": walkInShower,
  "double-vanity": doubleVanity,
  "accessible-bath": accessibleBath,
  "commercial-restroom": commercialRestroom,
  "quincy-showroom": quincyShowroom,
  "design-consultation": designConsultation,
  "soaking-tub-detail": soakingTubDetail,
};

mkdirSync(OUT_DIR, { recursive: true });
for (const [name, draw] of Object.entries(SCENES)) {
  const file = path.join(OUT_DIR, `${name}.svg`);
  const text = draw();
  writeFileSync(file, text);
  console.log(`${path.relative(process.cwd(), file)}  ${(text.length / 1024).toFixed(1)} KB`);
}
