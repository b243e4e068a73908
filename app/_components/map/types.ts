import type { BadgeTone } from '@/lib/status';

/** One point on a `MapView`. */
export interface MapMarker {
  /** Stable id: markers are matched by it between renders and handed to `onSelect`. */
  id: string;
  lat: number;
  lng: number;
  /** Accessible name and tooltip of the marker. */
  label: string;
  /** Up to three characters shown inside the marker (an initial, a number); none shows a dot. */
  text?: string;
  /** What the marker stands for (`biker`, `order`, `pickup`, `dropoff`…): set as `data-kind`; `order`-like kinds are square. */
  kind?: string;
  /** Colour, from the badge tones. Default `primary`. */
  tone?: BadgeTone;
  /** Plain text shown in a popup when the marker is opened; `\n` starts a new line. */
  popup?: string;
}

/** Where map tiles come from; `null` draws the markers on a plain base. */
export interface MapTiles {
  /** A Leaflet URL template: `https://tile.openstreetmap.org/{z}/{x}/{y}.png`. */
  url: string;
  attribution: string;
}

export interface MapViewProps {
  markers: readonly MapMarker[];
  tiles: MapTiles | null;
  /** Accessible name of the map region. */
  label: string;
  /** The highlighted marker. */
  selectedId?: string | null;
  /** Called with a marker's id when it is clicked or activated with the keyboard. */
  onSelect?: (id: string) => void;
  /** Fit the view to the markers on the first markers only (`once`, default), on every change, or never. */
  fit?: 'once' | 'always' | 'never';
  /** With `once`: a new value fits the view to the markers again (e.g. when a filter changes what is shown). */
  fitKey?: string | number;
  /** The view before any fit, `[lat, lng]`. Default: Bangkok. */
  center?: readonly [number, number];
  zoom?: number;
  /** Sizing classes of the map box (default `h-96`). */
  className?: string;
}

export const DEFAULT_CENTER: readonly [number, number] = [13.7563, 100.5018];
export const DEFAULT_ZOOM = 12;

/** A marker Leaflet can place: finite coordinates inside the world's range. */
export function isPlaceable(marker: Pick<MapMarker, 'lat' | 'lng'>): boolean {
  return Number.isFinite(marker.lat) && Number.isFinite(marker.lng) && Math.abs(marker.lat) <= 90 && Math.abs(marker.lng) <= 180;
}

/** What changes a marker's look: when it is unchanged only its position is updated. */
export function markerSignature(marker: MapMarker, selected: boolean): string {
  return JSON.stringify([marker.label, marker.text ?? '', marker.kind ?? '', marker.tone ?? 'primary', marker.popup ?? '', selected]);
}
