import {
  VISUALIZER_CATEGORY_LABELS,
  VISUALIZER_CATEGORY_ORDER,
  type ResolvedDesign,
} from "~/modules/visualizer/design";

/**
 * The visualizer's bathroom (docs/REQUIREMENTS.md R15.5), drawn as inline SVG so the server
 * renders it and it shows without JavaScript. Each part takes its colour from the chosen
 * option; tiles are SVG patterns, one per style, with the accent colour as grout.
 */

const GROUT = "#e8e4dc";
const WIDTH = 800;
const HEIGHT = 500;
const FLOOR_Y = 420;
const WAINSCOT_Y = 230;
const SHOWER_X = 500;

function hexagon(cx: number, cy: number, r: number): string {
  return Array.from({ length: 6 }, (_, i) => {
    const angle = (Math.PI / 3) * i + Math.PI / 6;
    return `${(cx + r * Math.cos(angle)).toFixed(2)},${(cy + r * Math.sin(angle)).toFixed(2)}`;
  }).join(" ");
}

/** One tile pattern: the tile colour over the grout, laid as the style says. */
function TilePattern({
  id,
  style,
  tile,
  grout,
  transform,
}: {
  id: string;
  style: string;
  tile: string;
  grout: string;
  transform?: string;
}) {
  const common = { id, patternUnits: "userSpaceOnUse" as const, patternTransform: transform };
  switch (style) {
    case "subway":
      return (
        <pattern {...common} width={40} height={20}>
          <rect width={40} height={20} fill={grout} />
          <rect x={1} y={1} width={38} height={8} rx={1} fill={tile} />
          <rect x={-19} y={11} width={38} height={8} rx={1} fill={tile} />
          <rect x={21} y={11} width={38} height={8} rx={1} fill={tile} />
        </pattern>
      );
    case "hex": {
      const r = 12;
      const w = Math.sqrt(3) * r;
      const h = 3 * r;
      return (
        <pattern {...common} width={w} height={h}>
          <rect width={w} height={h} fill={grout} />
          {[
            [w / 2, 0],
            [0, h / 2],
            [w, h / 2],
            [w / 2, h],
          ].map(([cx, cy]) => (
            <polygon key={`${cx}-${cy}`} points={hexagon(cx!, cy!, r - 1.2)} fill={tile} />
          ))}
        </pattern>
      );
    }
    case "herringbone":
      return (
        <pattern {...common} width={40} height={20}>
          <rect width={40} height={20} fill={grout} />
          <polygon points="1,1.5 19,10.5 19,18.5 1,9.5" fill={tile} />
          <polygon points="21,10.5 39,1.5 39,9.5 21,18.5" fill={tile} />
        </pattern>
      );
    case "large-format":
      return (
        <pattern {...common} width={90} height={45}>
          <rect width={90} height={45} fill={grout} />
          <rect x={0.75} y={0.75} width={88.5} height={43.5} fill={tile} />
        </pattern>
      );
    default:
      return (
        <pattern {...common} width={10} height={10}>
          <rect width={10} height={10} fill={tile} />
        </pattern>
      );
  }
}

export function BathroomScene({
  design,
  idPrefix = "scene",
  className,
}: {
  design: ResolvedDesign;
  idPrefix?: string;
  className?: string;
}) {
  const {
    wall_tile: wall,
    floor_tile: floor,
    vanity,
    fixture_finish: metal,
    shower,
    paint,
  } = design;
  const id = (name: string) => `${idPrefix}-${name}`;
  const url = (name: string) => `url(#${id(name)})`;
  const glass = shower.accent ?? "#cfe3e6";
  const counter = vanity.accent ?? "#f1efe9";
  const floating = vanity.style !== "furniture";
  const cabinetTop = 300;
  const cabinetBottom = floating ? 380 : 396;
  const description = VISUALIZER_CATEGORY_ORDER.map(
    (category) => `${VISUALIZER_CATEGORY_LABELS[category]}: ${design[category].name}`,
  ).join("; ");

  return (
    <svg
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      role="img"
      aria-labelledby={`${id("title")} ${id("desc")}`}
      className={className}
      data-scene
    >
      <title id={id("title")}>Your bathroom design</title>
      <desc id={id("desc")}>{description}</desc>
      <defs>
        <TilePattern
          id={id("wall")}
          style={wall.style}
          tile={wall.swatch}
          grout={wall.accent ?? GROUT}
        />
        <TilePattern
          id={id("floor")}
          style={floor.style}
          tile={floor.swatch}
          grout={floor.accent ?? GROUT}
          transform="scale(1.3 0.55)"
        />
        <linearGradient id={id("mirror")} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#eef3f5" />
          <stop offset="0.55" stopColor="#cad6db" />
          <stop offset="1" stopColor="#e4ebee" />
        </linearGradient>
        <linearGradient id={id("shade")} x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#000" stopOpacity="0.18" />
          <stop offset="1" stopColor="#000" stopOpacity="0" />
        </linearGradient>
        <radialGradient id={id("glow")}>
          <stop offset="0" stopColor="#fff6dc" stopOpacity="0.9" />
          <stop offset="1" stopColor="#fff6dc" stopOpacity="0" />
        </radialGradient>
      </defs>

      {/* Walls: paint above, tile below and in the shower to the ceiling. */}
      <rect data-part="paint" x={0} y={0} width={WIDTH} height={WAINSCOT_Y} fill={paint.swatch} />
      <rect
        data-part="wall-tile"
        data-style={wall.style}
        x={0}
        y={WAINSCOT_Y}
        width={WIDTH}
        height={FLOOR_Y - WAINSCOT_Y}
        fill={url("wall")}
      />
      <rect x={SHOWER_X} y={0} width={WIDTH - SHOWER_X} height={WAINSCOT_Y} fill={url("wall")} />
      <rect x={0} y={WAINSCOT_Y - 4} width={SHOWER_X} height={6} fill="#ffffff" opacity={0.7} />

      {/* Floor, shaded towards the wall. */}
      <rect
        data-part="floor-tile"
        data-style={floor.style}
        x={0}
        y={FLOOR_Y}
        width={WIDTH}
        height={HEIGHT - FLOOR_Y}
        fill={url("floor")}
      />
      <rect x={0} y={FLOOR_Y} width={WIDTH} height={30} fill={url("shade")} />

      {/* Wall sconces and the mirror. */}
      {[120, 340].map((x) => (
        <g key={x} data-part="sconce">
          <circle cx={x} cy={120} r={34} fill={url("glow")} />
          <rect x={x - 5} y={98} width={10} height={46} rx={5} fill="#fbf4e2" />
          <rect x={x - 7} y={140} width={14} height={6} rx={2} fill={metal.swatch} />
          <rect x={x - 7} y={94} width={14} height={6} rx={2} fill={metal.swatch} />
        </g>
      ))}
      <rect
        data-part="mirror"
        x={160}
        y={60}
        width={140}
        height={180}
        rx={70}
        fill={url("mirror")}
        stroke={metal.swatch}
        strokeWidth={6}
      />
      <path d="M196 110 L236 80 M200 140 L262 94" stroke="#ffffff" strokeWidth={4} opacity={0.55} />

      {/* The vanity: cabinet, countertop, basin, faucet. */}
      <g data-part="vanity" data-style={vanity.style}>
        {floating ? (
          <rect
            x={96}
            y={cabinetBottom + 10}
            width={268}
            height={8}
            fill="#000"
            opacity={0.08}
            rx={4}
          />
        ) : (
          [104, 352].map((x) => (
            <rect
              key={x}
              x={x}
              y={cabinetBottom}
              width={8}
              height={FLOOR_Y - cabinetBottom + 4}
              fill={vanity.swatch}
            />
          ))
        )}
        <rect
          x={100}
          y={cabinetTop}
          width={260}
          height={cabinetBottom - cabinetTop}
          rx={3}
          fill={vanity.swatch}
          stroke="#000"
          strokeOpacity={0.12}
        />
        <line
          x1={230}
          y1={cabinetTop + 6}
          x2={230}
          y2={cabinetBottom - 6}
          stroke="#000"
          strokeOpacity={0.15}
        />
        {[165, 295].map((x) => (
          <rect
            key={x}
            x={x - 14}
            y={cabinetTop + 16}
            width={28}
            height={4}
            rx={2}
            fill={metal.swatch}
          />
        ))}
        <rect data-part="countertop" x={92} y={288} width={276} height={14} rx={2} fill={counter} />
        <ellipse
          cx={230}
          cy={290}
          rx={46}
          ry={6}
          fill="#ffffff"
          stroke="#000"
          strokeOpacity={0.1}
        />
      </g>
      <path
        data-part="faucet"
        d="M230 286 V262 Q230 252 242 252 H252"
        fill="none"
        stroke={metal.swatch}
        strokeWidth={6}
        strokeLinecap="round"
      />

      {/* The towel ring and the shower. */}
      <circle cx={430} cy={270} r={16} fill="none" stroke={metal.swatch} strokeWidth={4} />
      <Shower design={design} glass={glass} />
    </svg>
  );
}

function Shower({ design, glass }: { design: ResolvedDesign; glass: string }) {
  const { shower, fixture_finish: metal } = design;
  const tub = shower.style === "tub-shower";
  const curbless = shower.style === "curbless";
  const glassTop = tub ? 120 : 70;
  const glassBottom = tub ? 332 : curbless ? FLOOR_Y + 8 : FLOOR_Y - 6;
  return (
    <g data-part="shower" data-style={shower.style}>
      {/* Head, arm and valve. */}
      <path d="M720 40 V70 H690" fill="none" stroke={metal.swatch} strokeWidth={6} />
      <ellipse cx={680} cy={74} rx={22} ry={6} fill={metal.swatch} />
      <circle cx={720} cy={250} r={12} fill={metal.swatch} />
      <rect x={717} y={236} width={6} height={14} fill={metal.swatch} />
      {tub && (
        <g data-part="tub">
          <rect
            x={SHOWER_X + 4}
            y={332}
            width={WIDTH - SHOWER_X - 4}
            height={FLOOR_Y - 332 + 2}
            fill={shower.swatch}
            stroke="#000"
            strokeOpacity={0.12}
          />
          <rect
            x={SHOWER_X}
            y={326}
            width={WIDTH - SHOWER_X}
            height={10}
            rx={3}
            fill={shower.swatch}
            stroke="#000"
            strokeOpacity={0.1}
          />
        </g>
      )}
      {!tub && !curbless && (
        <rect
          data-part="curb"
          x={SHOWER_X}
          y={FLOOR_Y - 8}
          width={WIDTH - SHOWER_X}
          height={12}
          fill={shower.swatch}
          stroke="#000"
          strokeOpacity={0.12}
        />
      )}
      {curbless && (
        <rect
          data-part="drain"
          x={SHOWER_X + 60}
          y={FLOOR_Y + 24}
          width={200}
          height={5}
          rx={2}
          fill={metal.swatch}
        />
      )}
      <rect
        data-part="glass"
        x={SHOWER_X + 10}
        y={glassTop}
        width={curbless ? 170 : 150}
        height={glassBottom - glassTop}
        fill={glass}
        fillOpacity={0.4}
        stroke={metal.swatch}
        strokeWidth={3}
      />
      <path
        d={`M${SHOWER_X + 40} ${glassTop + 40} l60 -30 M${SHOWER_X + 40} ${glassTop + 80} l90 -45`}
        stroke="#ffffff"
        strokeWidth={3}
        opacity={0.6}
      />
    </g>
  );
}
