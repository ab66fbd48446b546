import type { OpenedSurface, Surface, SurfaceDescriptor, SurfaceDriver, SurfaceGeometry } from '../../src/domain/index.js';
import { SurfaceHub } from '../../src/surfaces/index.js';
import { SILENT_LOGGER, type Logger } from '../../src/support/logger.js';

/** A test surface that says how `status` names it and which geometry it has. */
export type DescribedSurface = Surface & { readonly descriptor: SurfaceDescriptor; readonly geometry?: SurfaceGeometry };

/** The surface as the hub takes one that does not come and go: drawn at once, every frame. */
export function fixedSurface(surface: DescribedSurface): OpenedSurface {
  return { surface, descriptor: surface.descriptor, ...(surface.geometry === undefined ? {} : { geometry: surface.geometry }), frameIntervalMs: 0 };
}

/**
 * A hub holding `surfaces` (added in order, each initialised now), with the
 * first one's geometry, as a daemon or runtime under test draws through it.
 */
export function hubOf(surfaces: readonly DescribedSurface[], logger: Logger = SILENT_LOGGER): SurfaceHub {
  const geometry = surfaces[0]?.geometry;
  const hub = new SurfaceHub({ logger, ...(geometry === undefined ? {} : { geometry }) });
  surfaces.forEach((surface, index) => hub.add(fixedSurface(surface), `test:${index}`));
  return hub;
}

/** A hub looking for devices through `drivers`; nothing is listed until the test asks (scanNow) or initialises it. */
export function hubOfDrivers(drivers: readonly SurfaceDriver[], logger: Logger = SILENT_LOGGER): SurfaceHub {
  const hub = new SurfaceHub({ logger });
  for (const driver of drivers) hub.addDriver(driver);
  return hub;
}
