import type SharpModule from "sharp";

type Sharp = typeof SharpModule;

let loading: Promise<Sharp> | undefined;

/**
 * sharp (libvips), loaded on first use: about 30 MB resident that a process which never
 * handles an image does not carry (docs/decisions/018). Images are handled only when staff
 * upload one, a QR code is drawn or a visitor's photo is redrawn.
 */
export function loadSharp(): Promise<Sharp> {
  loading ??= import("sharp").then((module) => module.default);
  return loading;
}
