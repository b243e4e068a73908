import L from 'leaflet';
import { spreadPoints } from './spread';
import { DEFAULT_CENTER, DEFAULT_ZOOM, isPlaceable, markerSignature, type MapMarker, type MapTiles } from './types';

/**
 * The imperative side of `MapView`: Leaflet itself. Loaded only in the browser, by a dynamic import, so a page's
 * first-load JavaScript never carries it. Markers are divIcons (no image files), so they show with or without tiles.
 */
export interface MapEngine {
  setMarkers(markers: readonly MapMarker[], selectedId: string | null, fit: 'once' | 'always' | 'never', fitKey?: string | number): void;
  resize(): void;
  destroy(): void;
}

export interface EngineOptions {
  tiles: MapTiles | null;
  center?: readonly [number, number];
  zoom?: number;
  onSelect: (id: string) => void;
  /** Leaflet's own controls in the user's language. */
  labels: { zoomIn: string; zoomOut: string; closePopup: string };
}

/** A 1×1 transparent GIF: what a tile that failed to load shows instead of a broken image. */
const BLANK_TILE = 'data:image/gif;base64,R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7';
const ICON_SIZE = 28;
/** The least distance between two markers' centres, in pixels: markers closer than this are spread apart. */
const MARKER_SPACING = ICON_SIZE + 4;
const SQUARE_KINDS = new Set(['order', 'pickup', 'dropoff', 'shop']);

function iconFor(marker: MapMarker, selected: boolean): L.DivIcon {
  const pin = document.createElement('span');
  pin.className = `map-pin map-pin--${marker.tone ?? 'primary'}${SQUARE_KINDS.has(marker.kind ?? '') ? ' map-pin--square' : ''}${selected ? ' is-selected' : ''}`;
  pin.textContent = (marker.text ?? '').slice(0, 3);
  return L.divIcon({
    className: 'map-marker',
    html: pin,
    iconSize: [ICON_SIZE, ICON_SIZE],
    iconAnchor: [ICON_SIZE / 2, ICON_SIZE / 2],
    popupAnchor: [0, -ICON_SIZE / 2],
  });
}

function popupContent(text: string): HTMLElement {
  const box = document.createElement('div');
  box.className = 'map-popup';
  for (const line of text.split('\n')) {
    const row = document.createElement('div');
    row.textContent = line;
    box.append(row);
  }
  return box;
}

/** Accessible name, test hooks and the kind on the marker's element. */
function decorate(leafletMarker: L.Marker, marker: MapMarker, selected: boolean): void {
  const el = leafletMarker.getElement();
  if (!el) return;
  el.setAttribute('aria-label', marker.label);
  el.title = marker.label;
  el.setAttribute('role', 'button');
  el.setAttribute('aria-pressed', selected ? 'true' : 'false');
  el.dataset.markerId = marker.id;
  el.dataset.kind = marker.kind ?? '';
  el.dataset.tone = marker.tone ?? 'primary';
}

export function createEngine(container: HTMLElement, options: EngineOptions): MapEngine {
  const map = L.map(container, {
    center: [...(options.center ?? DEFAULT_CENTER)] as [number, number],
    zoom: options.zoom ?? DEFAULT_ZOOM,
    attributionControl: Boolean(options.tiles?.attribution),
    zoomControl: false,
  });
  L.control.zoom({ zoomInTitle: options.labels.zoomIn, zoomOutTitle: options.labels.zoomOut }).addTo(map);
  // Leaflet names a popup's close button in English: renamed whenever a popup opens.
  map.on('popupopen', (event: L.PopupEvent) => {
    event.popup.getElement()?.querySelector('.leaflet-popup-close-button')?.setAttribute('aria-label', options.labels.closePopup);
  });
  if (options.tiles) {
    const layer = L.tileLayer(options.tiles.url, { attribution: options.tiles.attribution, errorTileUrl: BLANK_TILE, maxZoom: 19 });
    // An unreachable tile server leaves the plain base: failed tiles are hidden rather than shown broken.
    layer.on('tileerror', (event: L.TileErrorEvent) => {
      event.tile.style.visibility = 'hidden';
    });
    layer.addTo(map);
  }
  const group = L.layerGroup().addTo(map);
  /** Each marker's element and its true place (`at`): where it is drawn may be moved off it (`spread`). */
  const placed = new Map<string, { marker: L.Marker; signature: string; at: L.LatLng }>();
  let fittedKey: string | number | null = null;
  let shownSelection: string | null = null;

  const place = (marker: MapMarker, selected: boolean) => {
    const signature = markerSignature(marker, selected);
    const existing = placed.get(marker.id);
    if (existing) {
      existing.at = L.latLng(marker.lat, marker.lng);
      if (existing.signature !== signature) {
        existing.marker.setIcon(iconFor(marker, selected));
        existing.marker.setZIndexOffset(selected ? 1000 : 0);
        existing.marker.unbindPopup();
        if (marker.popup) existing.marker.bindPopup(popupContent(marker.popup));
        existing.signature = signature;
      }
      decorate(existing.marker, marker, selected);
      return;
    }
    const leafletMarker = L.marker([marker.lat, marker.lng], {
      icon: iconFor(marker, selected),
      title: marker.label,
      keyboard: true,
      riseOnHover: true,
      zIndexOffset: selected ? 1000 : 0,
    });
    if (marker.popup) leafletMarker.bindPopup(popupContent(marker.popup));
    leafletMarker.on('click', () => options.onSelect(marker.id));
    leafletMarker.addTo(group);
    decorate(leafletMarker, marker, selected);
    placed.set(marker.id, { marker: leafletMarker, signature, at: L.latLng(marker.lat, marker.lng) });
  };

  // Markers on (nearly) one spot, at this zoom, are drawn around it so each can be seen and clicked; again on zoom.
  const spread = () => {
    const entries = [...placed.values()];
    const drawn = spreadPoints(
      entries.map((e) => map.latLngToLayerPoint(e.at)),
      MARKER_SPACING,
    );
    entries.forEach((e, i) => e.marker.setLatLng(map.layerPointToLatLng(L.point(drawn[i]!.x, drawn[i]!.y))));
  };
  map.on('zoomend', spread);

  return {
    setMarkers(markers, selectedId, fit, fitKey) {
      const visible = markers.filter(isPlaceable);
      const keep = new Set(visible.map((m) => m.id));
      for (const [id, entry] of placed) {
        if (keep.has(id)) continue;
        entry.marker.remove();
        placed.delete(id);
      }
      for (const marker of visible) place(marker, marker.id === selectedId);
      if (visible.length > 0 && (fit === 'always' || (fit === 'once' && fittedKey !== (fitKey ?? '')))) {
        fittedKey = fitKey ?? '';
        map.fitBounds(L.latLngBounds(visible.map((m) => [m.lat, m.lng] as [number, number])), { padding: [32, 32], maxZoom: 15 });
      }
      spread();
      // A marker selected elsewhere (a list) is brought into view.
      const selected = selectedId === null ? undefined : placed.get(selectedId);
      if (selected && selectedId !== shownSelection && !map.getBounds().contains(selected.marker.getLatLng())) map.panTo(selected.marker.getLatLng());
      shownSelection = selectedId;
    },
    resize() {
      map.invalidateSize();
    },
    destroy() {
      placed.clear();
      map.remove();
    },
  };
}
