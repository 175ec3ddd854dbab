// Renders the brand images in public/ from the SVG sources in assets/brand.
// Run after changing the logo: node scripts/generate-brand-assets.mjs
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";

const root = path.resolve(import.meta.dirname, "..");
const pub = (...parts) => path.join(root, "public", ...parts);
const logo = readFileSync(path.join(root, "assets", "brand", "logo.svg"));

mkdirSync(pub("og"), { recursive: true });
copyFileSync(path.join(root, "assets", "brand", "logo.svg"), pub("logo.svg"));
copyFileSync(path.join(root, "assets", "brand", "logo.svg"), pub("favicon.svg"));

const png = (size) => sharp(logo, { density: 600 }).resize(size, size).png().toBuffer();
writeFileSync(pub("apple-touch-icon.png"), await png(180));
writeFileSync(pub("icon-192.png"), await png(192));
writeFileSync(pub("icon-512.png"), await png(512));

// favicon.ico: a single 32x32 PNG inside an ICO container.
const ico32 = await png(32);
const header = Buffer.alloc(22);
header.writeUInt16LE(0, 0);
header.writeUInt16LE(1, 2);
header.writeUInt16LE(1, 4);
header.writeUInt8(32, 6);
header.writeUInt8(32, 7);
header.writeUInt16LE(1, 10);
header.writeUInt16LE(32, 12);
header.writeUInt32LE(ico32.length, 14);
header.writeUInt32LE(22, 18);
writeFileSync(pub("favicon.ico"), Buffer.concat([header, ico32]));

// Social images (1200x630): the default and one per page that has its own.
const escapeXml = (text) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;");
const logoInner = logo
  .toString()
  .replace(/<\/?svg[^>]*>/g, "")
  .replace(/<title[^<]*<\/title>/, "");
async function socialImage(file, headline, subline) {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630" viewBox="0 0 1200 630">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#1c2529"/><stop offset="1" stop-color="#33434a"/></linearGradient></defs>
  <rect width="1200" height="630" fill="url(#g)"/>
  <rect x="80" y="80" width="1040" height="470" rx="28" fill="none" stroke="#b88a46" stroke-width="3"/>
  <g transform="translate(130 150) scale(2.2)">${logoInner}</g>
  <text x="300" y="225" font-family="Georgia, serif" font-size="60" fill="#f5f1ea">Lumen Bath &amp; Remodel</text>
  <text x="130" y="380" font-family="Georgia, serif" font-size="50" fill="#e9d9bd">${escapeXml(headline)}</text>
  <text x="130" y="445" font-family="Helvetica, Arial, sans-serif" font-size="30" fill="#d6ccbc">${escapeXml(subline)}</text>
</svg>`;
  writeFileSync(
    pub("og", file),
    await sharp(Buffer.from(svg)).png({ compressionLevel: 9 }).toBuffer(),
  );
}
const SOCIAL = [
  [
    "default.png",
    "Luxury bathroom remodeling",
    "Designed and built by one team across New England since 1997",
  ],
  [
    "home.png",
    "Your new bathroom, by one team",
    "Design, fixed price and build · over 32,000 projects since 1997",
  ],
  [
    "bathrooms.png",
    "Bathroom remodeling",
    "Walk-in showers, soaking tubs, vanities, tile and lighting",
  ],
  [
    "commercial-jobs.png",
    "Commercial restrooms",
    "Offices, restaurants, clinics and rental units, built after hours",
  ],
  [
    "about-us.png",
    "A family business since 1997",
    "Designers, project managers and our own crews in Quincy, MA",
  ],
  ["reviews.png", "Rated 4.9 out of 5", "From 1,250 reviews by New England homeowners"],
  ["tv.png", "As seen on TV: $1,000 off", "Book your free design consultation today"],
  ["qr-generator.png", "Free QR code generator", "PNG and SVG, your colours, made in your browser"],
  ["giveaway.png", "Enter our giveaway", "See the prize and enter in under a minute"],
  ["leave-review.png", "How did we do?", "Rate your bathroom remodel and tell other homeowners"],
  [
    "visualizer.png",
    "Design your new bathroom",
    "Try tile, vanities, showers and paint, then share it",
  ],
];
for (const [file, headline, subline] of SOCIAL) await socialImage(file, headline, subline);

writeFileSync(
  pub("site.webmanifest"),
  `${JSON.stringify(
    {
      name: "Lumen Bath & Remodel",
      short_name: "Lumen Bath",
      icons: [
        { src: "/icon-192.png", sizes: "192x192", type: "image/png" },
        { src: "/icon-512.png", sizes: "512x512", type: "image/png" },
      ],
      theme_color: "#1c2529",
      background_color: "#fbfaf7",
      display: "browser",
    },
    null,
    2,
  )}\n`,
);
console.log("brand assets written to public/");
