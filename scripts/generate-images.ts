/**
 * Draws the site's bundled images (brand heroes, recent purchases, the default social-sharing image
 * and the touch icon) as SVG illustrations and renders them with sharp to WebP and JPEG twins under
 * client/public/assets/. Run with `node scripts/generate-images.ts` after changing a design; the
 * output is committed, so builds never depend on this script or the network.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { IMAGE_SIZES } from '../shared/content/images.ts';

type CaseShape = 'round' | 'octagon' | 'square' | 'tonneau' | 'cushion';
type DialPattern = 'plain' | 'grid' | 'lines' | 'sunburst';
type Bezel = 'plain' | 'dive' | 'tachy' | 'screws' | 'fluted';

interface WatchDesign {
  shape: CaseShape;
  metal: [string, string];
  dial: [string, string];
  pattern: DialPattern;
  bezel: Bezel;
  bezelColor?: string;
  indices: 'baton' | 'roman' | 'dots';
  subdials: 0 | 1 | 3;
  accent: string;
  bracelet: 'links' | 'strap';
  strapColor?: string;
  date?: boolean;
}

interface Scene {
  background: [string, string];
  watch: WatchDesign;
}

const out = path.join(import.meta.dirname, '..', 'client', 'public', 'assets');

function polygon(cx: number, cy: number, r: number, sides: number, rotation = 0): string {
  const points = Array.from({ length: sides }, (_, i) => {
    const a = rotation + (i * 2 * Math.PI) / sides;
    return `${(cx + r * Math.cos(a)).toFixed(1)},${(cy + r * Math.sin(a)).toFixed(1)}`;
  });
  return points.join(' ');
}

function caseOutline(shape: CaseShape, cx: number, cy: number, r: number): string {
  switch (shape) {
    case 'round':
      return `<circle cx="${cx}" cy="${cy}" r="${r}"/>`;
    case 'octagon':
      return `<polygon points="${polygon(cx, cy, r * 1.04, 8, Math.PI / 8)}"/>`;
    case 'square':
      return `<rect x="${cx - r * 0.92}" y="${cy - r * 0.92}" width="${r * 1.84}" height="${r * 1.84}" rx="${r * 0.22}"/>`;
    case 'tonneau':
      return `<path d="M${cx - r * 0.78},${cy - r * 1.02} Q${cx},${cy - r * 1.16} ${cx + r * 0.78},${cy - r * 1.02} Q${cx + r * 1.02},${cy} ${cx + r * 0.78},${cy + r * 1.02} Q${cx},${cy + r * 1.16} ${cx - r * 0.78},${cy + r * 1.02} Q${cx - r * 1.02},${cy} ${cx - r * 0.78},${cy - r * 1.02}Z"/>`;
    case 'cushion':
      return `<rect x="${cx - r * 0.96}" y="${cy - r * 0.96}" width="${r * 1.92}" height="${r * 1.92}" rx="${r * 0.55}"/>`;
  }
}

/** Light dials get dark markers and hands, dark dials polished metal ones. */
function isLightDial(design: WatchDesign): boolean {
  return parseInt(design.dial[0].slice(1, 3), 16) > 0xb0;
}

function indices(design: WatchDesign, cx: number, cy: number, r: number): string {
  const marks: string[] = [];
  const markColor = isLightDial(design) ? '#2c2c2c' : 'url(#metal)';
  const roman = ['XII', 'I', 'II', 'III', 'IIII', 'V', 'VI', 'VII', 'VIII', 'IX', 'X', 'XI'];
  for (let i = 0; i < 12; i++) {
    const a = (i * Math.PI) / 6 - Math.PI / 2;
    if (design.indices === 'roman') {
      const x = cx + Math.cos(a) * r * 0.74;
      const y = cy + Math.sin(a) * r * 0.74 + r * 0.045;
      marks.push(
        `<text x="${x.toFixed(1)}" y="${y.toFixed(1)}" font-family="Georgia, serif" font-size="${(r * 0.13).toFixed(1)}" text-anchor="middle" fill="#1d1d1d">${roman[i]}</text>`,
      );
    } else if (design.indices === 'dots' && i % 3 !== 0) {
      marks.push(
        `<circle cx="${(cx + Math.cos(a) * r * 0.8).toFixed(1)}" cy="${(cy + Math.sin(a) * r * 0.8).toFixed(1)}" r="${(r * 0.045).toFixed(1)}" fill="#f4efe4" stroke="${design.metal[0]}" stroke-width="1.5"/>`,
      );
    } else {
      const inner = i % 3 === 0 ? 0.66 : 0.72;
      const width = i % 3 === 0 ? r * 0.055 : r * 0.035;
      marks.push(
        `<line x1="${(cx + Math.cos(a) * r * inner).toFixed(1)}" y1="${(cy + Math.sin(a) * r * inner).toFixed(1)}" x2="${(cx + Math.cos(a) * r * 0.86).toFixed(1)}" y2="${(cy + Math.sin(a) * r * 0.86).toFixed(1)}" stroke="${markColor}" stroke-width="${width.toFixed(1)}" stroke-linecap="round"/>`,
      );
    }
  }
  return marks.join('');
}

function dialTexture(pattern: DialPattern, cx: number, cy: number, r: number): string {
  if (pattern === 'grid') {
    const cells: string[] = [];
    const step = r / 7;
    for (let x = cx - r; x <= cx + r; x += step) {
      cells.push(
        `<line x1="${x.toFixed(1)}" y1="${cy - r}" x2="${x.toFixed(1)}" y2="${cy + r}" stroke="#000" stroke-opacity=".18" stroke-width="2"/>`,
      );
      cells.push(
        `<line x1="${cx - r}" y1="${x - cx + cy}" x2="${cx + r}" y2="${x - cx + cy}" stroke="#000" stroke-opacity=".18" stroke-width="2"/>`,
      );
    }
    return `<g clip-path="url(#dialClip)">${cells.join('')}</g>`;
  }
  if (pattern === 'lines') {
    const lines: string[] = [];
    for (let y = cy - r; y <= cy + r; y += r / 16) {
      lines.push(
        `<line x1="${cx - r}" y1="${y.toFixed(1)}" x2="${cx + r}" y2="${y.toFixed(1)}" stroke="#000" stroke-opacity=".14" stroke-width="1.5"/>`,
      );
    }
    return `<g clip-path="url(#dialClip)">${lines.join('')}</g>`;
  }
  if (pattern === 'sunburst') {
    const rays: string[] = [];
    for (let i = 0; i < 90; i++) {
      const a = (i * Math.PI) / 45;
      rays.push(
        `<line x1="${cx}" y1="${cy}" x2="${(cx + Math.cos(a) * r).toFixed(1)}" y2="${(cy + Math.sin(a) * r).toFixed(1)}" stroke="#fff" stroke-opacity="${i % 2 ? 0.04 : 0.08}" stroke-width="3"/>`,
      );
    }
    return `<g clip-path="url(#dialClip)">${rays.join('')}</g>`;
  }
  return '';
}

function bezel(design: WatchDesign, cx: number, cy: number, r: number): string {
  const color = design.bezelColor ?? 'url(#metal)';
  switch (design.bezel) {
    case 'dive': {
      const ticks = Array.from({ length: 60 }, (_, i) => {
        const a = (i * Math.PI) / 30 - Math.PI / 2;
        const len = i % 5 === 0 ? 0.1 : 0.05;
        return `<line x1="${(cx + Math.cos(a) * r * 1.02).toFixed(1)}" y1="${(cy + Math.sin(a) * r * 1.02).toFixed(1)}" x2="${(cx + Math.cos(a) * r * (1.02 + len)).toFixed(1)}" y2="${(cy + Math.sin(a) * r * (1.02 + len)).toFixed(1)}" stroke="#e9e4d8" stroke-width="${i % 5 === 0 ? 4 : 2}"/>`;
      }).join('');
      return `<circle cx="${cx}" cy="${cy}" r="${r * 1.09}" fill="none" stroke="${color}" stroke-width="${r * 0.16}"/>${ticks}<circle cx="${cx}" cy="${cy - r * 1.09}" r="${r * 0.05}" fill="#f4efe4"/>`;
    }
    case 'tachy':
      return `<circle cx="${cx}" cy="${cy}" r="${r * 1.09}" fill="none" stroke="${design.bezelColor ?? '#151515'}" stroke-width="${r * 0.16}"/><circle cx="${cx}" cy="${cy}" r="${r * 1.09}" fill="none" stroke="#e9e4d8" stroke-width="2" stroke-dasharray="3 ${(r * 0.2).toFixed(0)}"/>`;
    case 'screws': {
      const screws = Array.from({ length: 8 }, (_, i) => {
        const a = (i * Math.PI) / 4 + Math.PI / 8;
        const x = cx + Math.cos(a) * r * 1.06;
        const y = cy + Math.sin(a) * r * 1.06;
        return `<circle cx="${x.toFixed(1)}" cy="${y.toFixed(1)}" r="${(r * 0.05).toFixed(1)}" fill="#d9d9d9" stroke="#8d8d8d" stroke-width="2"/><line x1="${(x - r * 0.03).toFixed(1)}" y1="${y.toFixed(1)}" x2="${(x + r * 0.03).toFixed(1)}" y2="${y.toFixed(1)}" stroke="#666" stroke-width="2"/>`;
      }).join('');
      return screws;
    }
    case 'fluted': {
      const flutes = Array.from({ length: 48 }, (_, i) => {
        const a = (i * Math.PI) / 24;
        return `<line x1="${(cx + Math.cos(a) * r * 1.0).toFixed(1)}" y1="${(cy + Math.sin(a) * r * 1.0).toFixed(1)}" x2="${(cx + Math.cos(a) * r * 1.15).toFixed(1)}" y2="${(cy + Math.sin(a) * r * 1.15).toFixed(1)}" stroke="#000" stroke-opacity=".25" stroke-width="3"/>`;
      }).join('');
      return `<circle cx="${cx}" cy="${cy}" r="${r * 1.08}" fill="none" stroke="${color}" stroke-width="${r * 0.15}"/>${flutes}`;
    }
    case 'plain':
      return `<circle cx="${cx}" cy="${cy}" r="${r * 1.06}" fill="none" stroke="${color}" stroke-width="${r * 0.1}"/>`;
  }
}

function subdials(design: WatchDesign, cx: number, cy: number, r: number): string {
  if (design.subdials === 0) return '';
  const positions =
    design.subdials === 1
      ? [[cx - r * 0.28, cy - r * 0.22, r * 0.28]]
      : [
          [cx - r * 0.4, cy + r * 0.05, r * 0.2],
          [cx + r * 0.4, cy + r * 0.05, r * 0.2],
          [cx, cy + r * 0.42, r * 0.2],
        ];
  return positions
    .map(
      ([x, y, sr]) =>
        `<circle cx="${x?.toFixed(1)}" cy="${y?.toFixed(1)}" r="${sr?.toFixed(1)}" fill="#000" fill-opacity=".18" stroke="url(#metal)" stroke-width="2.5"/><line x1="${x?.toFixed(1)}" y1="${y?.toFixed(1)}" x2="${x?.toFixed(1)}" y2="${((y ?? 0) - (sr ?? 0) * 0.75).toFixed(1)}" stroke="${design.accent}" stroke-width="3" stroke-linecap="round"/>`,
    )
    .join('');
}

function bracelet(design: WatchDesign, cx: number, cy: number, r: number, height: number): string {
  const width = r * (design.shape === 'square' || design.shape === 'cushion' ? 1.3 : 1.05);
  const top = `<path d="M${cx - width / 2},${cy - r * 0.8} L${cx - width * 0.42},0 L${cx + width * 0.42},0 L${cx + width / 2},${cy - r * 0.8}Z"/>`;
  const bottom = `<path d="M${cx - width / 2},${cy + r * 0.8} L${cx - width * 0.42},${height} L${cx + width * 0.42},${height} L${cx + width / 2},${cy + r * 0.8}Z"/>`;
  if (design.bracelet === 'strap') {
    return `<g fill="${design.strapColor ?? '#2b1d14'}">${top}${bottom}</g>`;
  }
  const links: string[] = [];
  for (let y = 0; y < height; y += r * 0.16) {
    if (Math.abs(y - cy) < r * 1.05) continue;
    links.push(
      `<line x1="${cx - width / 2}" y1="${y.toFixed(1)}" x2="${cx + width / 2}" y2="${y.toFixed(1)}" stroke="#000" stroke-opacity=".35" stroke-width="2"/>`,
    );
  }
  const centre = `<rect x="${cx - width * 0.17}" y="0" width="${width * 0.34}" height="${height}" fill="#fff" fill-opacity=".12"/>`;
  return `<g fill="url(#metal)">${top}${bottom}</g>${centre}${links.join('')}`;
}

function watchSvg(
  scene: Scene,
  width: number,
  height: number,
  withText?: { title: string; subtitle: string },
): string {
  const design = scene.watch;
  const cx = withText ? width * 0.72 : width / 2;
  const cy = height / 2;
  const r = Math.min(width, height) * (withText ? 0.3 : 0.3);
  const dialR = r * (design.bezel === 'plain' ? 0.9 : 0.86);
  const hour = -60;
  const minute = 50;
  const hand = (angle: number, length: number, w: number, color: string) => {
    const a = (angle * Math.PI) / 180 - Math.PI / 2;
    return `<line x1="${cx}" y1="${cy}" x2="${(cx + Math.cos(a) * length).toFixed(1)}" y2="${(cy + Math.sin(a) * length).toFixed(1)}" stroke="${color}" stroke-width="${w.toFixed(1)}" stroke-linecap="round"/>`;
  };
  const dialClip =
    design.shape === 'square' || design.shape === 'cushion'
      ? `<rect x="${cx - dialR * 0.95}" y="${cy - dialR * 0.95}" width="${dialR * 1.9}" height="${dialR * 1.9}" rx="${dialR * (design.shape === 'square' ? 0.12 : 0.45)}"/>`
      : design.shape === 'tonneau'
        ? `<ellipse cx="${cx}" cy="${cy}" rx="${dialR * 0.86}" ry="${dialR * 1.02}"/>`
        : design.shape === 'octagon' && design.bezel === 'screws'
          ? `<polygon points="${polygon(cx, cy, dialR * 0.98, 8, Math.PI / 8)}"/>`
          : `<circle cx="${cx}" cy="${cy}" r="${dialR}"/>`;
  const text = withText
    ? `<text x="${width * 0.07}" y="${height * 0.42}" font-family="Georgia, 'Times New Roman', serif" font-size="${height * 0.085}" fill="#f6f1e8">${withText.title}</text>
       <text x="${width * 0.07}" y="${height * 0.53}" font-family="Helvetica, Arial, sans-serif" font-size="${height * 0.04}" fill="#d2ad5c" letter-spacing="4">${withText.subtitle}</text>
       <rect x="${width * 0.07}" y="${height * 0.6}" width="${width * 0.12}" height="3" fill="#d2ad5c"/>`
    : '';
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
  <defs>
    <radialGradient id="bg" cx="70%" cy="30%" r="90%">
      <stop offset="0" stop-color="${scene.background[0]}"/><stop offset="1" stop-color="${scene.background[1]}"/>
    </radialGradient>
    <linearGradient id="metal" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="${design.metal[0]}"/><stop offset=".5" stop-color="${design.metal[1]}"/><stop offset="1" stop-color="${design.metal[0]}"/>
    </linearGradient>
    <radialGradient id="dial" cx="40%" cy="35%" r="75%">
      <stop offset="0" stop-color="${design.dial[0]}"/><stop offset="1" stop-color="${design.dial[1]}"/>
    </radialGradient>
    <clipPath id="dialClip">${dialClip}</clipPath>
    <filter id="shadow" x="-30%" y="-30%" width="160%" height="160%"><feDropShadow dx="0" dy="${(r * 0.06).toFixed(0)}" stdDeviation="${(r * 0.08).toFixed(0)}" flood-color="#000" flood-opacity=".55"/></filter>
  </defs>
  <rect width="${width}" height="${height}" fill="url(#bg)"/>
  ${text}
  <g filter="url(#shadow)">
    ${bracelet(design, cx, cy, r, height)}
    <rect x="${cx + r * (design.shape === 'square' ? 0.9 : 1.08)}" y="${cy - r * 0.1}" width="${r * 0.14}" height="${r * 0.2}" rx="${r * 0.04}" fill="url(#metal)"/>
    <g fill="url(#metal)" stroke="#000" stroke-opacity=".25" stroke-width="2">${caseOutline(design.shape, cx, cy, r * 1.18)}</g>
    ${bezel(design, cx, cy, r)}
    <g clip-path="url(#dialClip)"><rect x="${cx - r * 1.2}" y="${cy - r * 1.2}" width="${r * 2.4}" height="${r * 2.4}" fill="url(#dial)"/></g>
    ${dialTexture(design.pattern, cx, cy, dialR)}
    ${indices(design, cx, cy, dialR)}
    ${subdials(design, cx, cy, dialR)}
    ${design.date ? `<rect x="${cx + dialR * 0.52}" y="${cy - dialR * 0.08}" width="${dialR * 0.2}" height="${dialR * 0.16}" fill="#f8f5ee" stroke="url(#metal)" stroke-width="2"/>` : ''}
    ${hand(hour, dialR * 0.5, dialR * 0.06, isLightDial(design) ? '#2c2c2c' : 'url(#metal)')}
    ${hand(minute, dialR * 0.76, dialR * 0.04, isLightDial(design) ? '#2c2c2c' : 'url(#metal)')}
    ${hand(200, dialR * 0.82, dialR * 0.015, design.accent)}
    <circle cx="${cx}" cy="${cy}" r="${dialR * 0.045}" fill="${design.accent}"/>
    <ellipse cx="${cx - r * 0.35}" cy="${cy - r * 0.45}" rx="${r * 0.55}" ry="${r * 0.25}" fill="#fff" fill-opacity=".06" transform="rotate(-30 ${cx - r * 0.35} ${cy - r * 0.45})"/>
  </g>
</svg>`;
}

const steel: [string, string] = ['#9aa0a6', '#eef0f2'];
const gold: [string, string] = ['#b38728', '#f6e3a1'];
const rose: [string, string] = ['#b7775b', '#f2c9b0'];

const brandScenes: Record<string, Scene> = {
  rolex: {
    background: ['#1e4d3b', '#07140f'],
    watch: {
      shape: 'round',
      metal: steel,
      dial: ['#1b1b1b', '#050505'],
      pattern: 'sunburst',
      bezel: 'dive',
      bezelColor: '#0d5b3a',
      indices: 'dots',
      subdials: 0,
      accent: '#e8e2d0',
      bracelet: 'links',
      date: true,
    },
  },
  'richard-mille': {
    background: ['#4a1414', '#0d0505'],
    watch: {
      shape: 'tonneau',
      metal: ['#3a3a3a', '#8a8a8a'],
      dial: ['#2a2a2a', '#0c0c0c'],
      pattern: 'grid',
      bezel: 'screws',
      indices: 'baton',
      subdials: 1,
      accent: '#e63b2e',
      bracelet: 'strap',
      strapColor: '#b3261e',
    },
  },
  'audemars-piguet': {
    background: ['#1c2f52', '#070b14'],
    watch: {
      shape: 'octagon',
      metal: steel,
      dial: ['#2a4d8f', '#14264d'],
      pattern: 'grid',
      bezel: 'screws',
      indices: 'baton',
      subdials: 0,
      accent: '#f1f1f1',
      bracelet: 'links',
      date: true,
    },
  },
  'patek-philippe': {
    background: ['#2c3a5c', '#0a0e18'],
    watch: {
      shape: 'cushion',
      metal: steel,
      dial: ['#3a5a94', '#1b2f57'],
      pattern: 'lines',
      bezel: 'plain',
      indices: 'baton',
      subdials: 0,
      accent: '#f4f4f4',
      bracelet: 'links',
      date: true,
    },
  },
  'fp-journe': {
    background: ['#4b3624', '#120c07'],
    watch: {
      shape: 'round',
      metal: rose,
      dial: ['#f1e6d3', '#d9c7a6'],
      pattern: 'plain',
      bezel: 'plain',
      indices: 'roman',
      subdials: 1,
      accent: '#1d3f8a',
      bracelet: 'strap',
      strapColor: '#3a2417',
    },
  },
  'vacheron-constantin': {
    background: ['#22375e', '#080c16'],
    watch: {
      shape: 'round',
      metal: steel,
      dial: ['#2f5aa8', '#142a57'],
      pattern: 'sunburst',
      bezel: 'fluted',
      indices: 'baton',
      subdials: 0,
      accent: '#f2f2f2',
      bracelet: 'links',
      date: true,
    },
  },
  cartier: {
    background: ['#5a1b24', '#14060a'],
    watch: {
      shape: 'square',
      metal: gold,
      dial: ['#fbf8f1', '#ece4d2'],
      pattern: 'plain',
      bezel: 'screws',
      indices: 'roman',
      subdials: 0,
      accent: '#1f3c88',
      bracelet: 'links',
    },
  },
};

const recentScenes: Scene[] = [
  brandScenes.rolex as Scene,
  { background: ['#33415e', '#0b0f19'], watch: { ...(brandScenes['patek-philippe'] as Scene).watch } },
  { background: ['#3a3f47', '#0e1013'], watch: { ...(brandScenes['audemars-piguet'] as Scene).watch } },
  {
    background: ['#3b3b3b', '#0d0d0d'],
    watch: {
      shape: 'round',
      metal: steel,
      dial: ['#f7f6f2', '#e1ddd3'],
      pattern: 'plain',
      bezel: 'tachy',
      bezelColor: '#141414',
      indices: 'baton',
      subdials: 3,
      accent: '#b22222',
      bracelet: 'links',
    },
  },
  { background: ['#4a3a26', '#120d07'], watch: { ...(brandScenes.cartier as Scene).watch, metal: steel } },
  {
    background: ['#26262b', '#08080a'],
    watch: {
      shape: 'round',
      metal: steel,
      dial: ['#1a1a1a', '#050505'],
      pattern: 'plain',
      bezel: 'tachy',
      indices: 'baton',
      subdials: 3,
      accent: '#f2f2f2',
      bracelet: 'links',
    },
  },
];

async function render(svg: string, file: string, formats: ('webp' | 'jpg' | 'png')[]): Promise<void> {
  mkdirSync(path.dirname(file), { recursive: true });
  const image = sharp(Buffer.from(svg));
  for (const format of formats) {
    const target = `${file}.${format}`;
    if (format === 'webp') await image.clone().webp({ quality: 78, effort: 6 }).toFile(target);
    if (format === 'jpg') await image.clone().jpeg({ quality: 80, mozjpeg: true }).toFile(target);
    if (format === 'png') await image.clone().png({ compressionLevel: 9 }).toFile(target);
    console.log(`  ${path.relative(out, target)}`);
  }
}

const { brandHero, recentPurchase, ogDefault } = IMAGE_SIZES;
for (const [slug, scene] of Object.entries(brandScenes)) {
  await render(watchSvg(scene, brandHero.width, brandHero.height), path.join(out, 'brands', `${slug}-hero`), [
    'webp',
    'jpg',
  ]);
}
for (const [index, scene] of recentScenes.entries()) {
  await render(
    watchSvg(scene, recentPurchase.width, recentPurchase.height),
    path.join(out, 'recent', `recent-${index + 1}`),
    ['webp', 'jpg'],
  );
}
await render(
  watchSvg(brandScenes['patek-philippe'] as Scene, ogDefault.width, ogDefault.height, {
    title: 'Sell your luxury watch',
    subtitle: 'FREE VALUATION · AUTHENTICATION · PAYMENT',
  }),
  path.join(out, 'og', 'default'),
  ['jpg', 'webp'],
);
await render(watchSvg(brandScenes.rolex as Scene, 180, 180), path.join(out, 'icons', 'apple-touch-icon'), [
  'png',
]);
// The e-mail header's logo (decision 051): the favicon's mark as a PNG, since no mail client shows
// SVG; drawn at twice the 48 px it is shown at, for high-density screens.
await render(
  readFileSync(path.join(out, '..', 'favicon.svg'), 'utf8').replace('<svg ', '<svg width="96" height="96" '),
  path.join(out, 'email', 'logo'),
  ['png'],
);
writeFileSync(
  path.join(out, 'README.md'),
  'Generated by scripts/generate-images.ts; edit the script, not these files.\n',
);
