import { encodeQr, type QrCode } from './qr-code.js';

/** §7.2: 5 px per module and a 2-module quiet zone. */
const MODULE_PX = 5;
const QUIET_ZONE = 2;

/** One path of unit squares on a white background; crisp edges keep phone cameras happy. */
export function qrSvg(code: QrCode): string {
  const extent = code.size + 2 * QUIET_ZONE;
  const squares: string[] = [];
  code.dark.forEach((row, y) =>
    row.forEach((dark, x) => {
      if (dark) squares.push(`M${x + QUIET_ZONE} ${y + QUIET_ZONE}h1v1h-1z`);
    }),
  );
  const pixels = extent * MODULE_PX;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${pixels}" height="${pixels}" viewBox="0 0 ${extent} ${extent}" shape-rendering="crispEdges">` +
    `<rect width="${extent}" height="${extent}" fill="#fff"/><path fill="#000" d="${squares.join('')}"/></svg>`
  );
}

/** The pairing QR as the `qr_data_uri` of a `pairing` message (an image, allowed by `img-src data:`). */
export function qrSvgDataUri(text: string): string {
  return `data:image/svg+xml;base64,${Buffer.from(qrSvg(encodeQr(text)), 'utf8').toString('base64')}`;
}
