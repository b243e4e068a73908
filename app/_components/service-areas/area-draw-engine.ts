import L from 'leaflet';
import type { Position } from '@contract/geo';
import type { MapTiles } from '../map/types';

/**
 * The imperative side of the area editor's map: Leaflet itself, loaded on mount by a dynamic import (never with the
 * list). A click on the map adds a vertex, a click on the first vertex closes the ring, vertices are dragged; the other
 * areas of the app are drawn faintly. Everything is vector or divIcon, so it draws with or without tiles.
 */
export interface AreaEngine {
  setOthers(others: readonly { id: string; name: string; ring: readonly Position[] }[]): void;
  setDrawing(vertices: readonly Position[], closed: boolean, centre: { lat: number; lng: number } | null, invalid: boolean): void;
  fit(points: readonly Position[]): void;
  resize(): void;
  destroy(): void;
}

export interface AreaEngineOptions {
  tiles: MapTiles | null;
  center: readonly [number, number];
  zoom: number;
  onMapClick: (lng: number, lat: number) => void;
  onVertexClick: (index: number) => void;
  onVertexMove: (index: number, lng: number, lat: number) => void;
  labels: { zoomIn: string; zoomOut: string; vertex: (n: number) => string; centre: string };
}

const BLANK_TILE = 'data:image/gif;base64,R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7';
const toLatLng = ([lng, lat]: Position): L.LatLngTuple => [lat, lng];

function vertexIcon(first: boolean, closable: boolean): L.DivIcon {
  const dot = document.createElement('span');
  dot.className = `area-vertex${first ? ' area-vertex--first' : ''}${closable ? ' is-closable' : ''}`;
  return L.divIcon({ className: 'map-marker', html: dot, iconSize: [16, 16], iconAnchor: [8, 8] });
}

function centreIcon(): L.DivIcon {
  const dot = document.createElement('span');
  dot.className = 'area-centre';
  return L.divIcon({ className: 'map-marker', html: dot, iconSize: [18, 18], iconAnchor: [9, 9] });
}

export function createAreaEngine(container: HTMLElement, options: AreaEngineOptions): AreaEngine {
  const map = L.map(container, {
    center: [...options.center] as [number, number],
    zoom: options.zoom,
    zoomControl: false,
    doubleClickZoom: false,
    attributionControl: Boolean(options.tiles?.attribution),
    keyboard: true,
  });
  L.control.zoom({ zoomInTitle: options.labels.zoomIn, zoomOutTitle: options.labels.zoomOut }).addTo(map);
  if (options.tiles) {
    const layer = L.tileLayer(options.tiles.url, { attribution: options.tiles.attribution, errorTileUrl: BLANK_TILE, maxZoom: 19 });
    layer.on('tileerror', (event: L.TileErrorEvent) => {
      event.tile.style.visibility = 'hidden';
    });
    layer.addTo(map);
  }
  map.on('click', (event: L.LeafletMouseEvent) => options.onMapClick(event.latlng.lng, event.latlng.lat));

  const othersLayer = L.layerGroup().addTo(map);
  const shapeLayer = L.layerGroup().addTo(map);
  const vertexLayer = L.layerGroup().addTo(map);

  return {
    setOthers(others) {
      othersLayer.clearLayers();
      for (const other of others) {
        if (other.ring.length < 3) continue;
        L.polygon(other.ring.map(toLatLng), { className: 'area-other', interactive: false })
          .bindTooltip(other.name, { permanent: true, direction: 'center', className: 'area-other-label' })
          .addTo(othersLayer);
      }
    },
    setDrawing(vertices, closed, centre, invalid) {
      shapeLayer.clearLayers();
      vertexLayer.clearLayers();
      const points = vertices.map(toLatLng);
      if (closed && points.length >= 3) {
        L.polygon(points, { className: `area-shape${invalid ? ' is-invalid' : ''}`, interactive: false }).addTo(shapeLayer);
      } else if (points.length >= 2) {
        L.polyline(points, { className: 'area-shape area-shape--open', interactive: false }).addTo(shapeLayer);
      }
      vertices.forEach((vertex, i) => {
        const marker = L.marker(toLatLng(vertex), {
          icon: vertexIcon(i === 0, !closed && i === 0 && vertices.length >= 3),
          draggable: true,
          keyboard: false,
          title: options.labels.vertex(i + 1),
        });
        marker.on('click', () => options.onVertexClick(i));
        marker.on('dragend', () => {
          const at = marker.getLatLng();
          options.onVertexMove(i, at.lng, at.lat);
        });
        marker.addTo(vertexLayer);
        const el = marker.getElement();
        if (el) {
          el.dataset.vertex = String(i);
          el.setAttribute('aria-label', options.labels.vertex(i + 1));
        }
      });
      if (centre) {
        const marker = L.marker([centre.lat, centre.lng], { icon: centreIcon(), interactive: false, keyboard: false, title: options.labels.centre });
        marker.addTo(vertexLayer);
        marker.getElement()?.setAttribute('data-centre', 'true');
      }
    },
    fit(points) {
      if (points.length === 0) return;
      map.fitBounds(L.latLngBounds(points.map(toLatLng)), { padding: [32, 32], maxZoom: 15 });
    },
    resize() {
      map.invalidateSize();
    },
    destroy() {
      map.remove();
    },
  };
}
