'use client';

import { loadChunk } from '@/lib/chunk-load';
import 'leaflet/dist/leaflet.css';
import './map.css';
import { useEffect, useRef, useState } from 'react';
import { useTranslations } from 'next-intl';
import { cn } from '../ui/cn';
import type { MapEngine } from './leaflet-engine';
import type { MapViewProps } from './types';

export type { MapMarker, MapTiles, MapViewProps } from './types';

/**
 * A Leaflet map of markers (position, label, tone, kind, optional popup and selection). Leaflet needs `window`, so it is
 * imported on mount, in its own chunk; until then (and if it cannot load) the box shows a plain base. Tiles come
 * from the caller (`mapTiles()` on the server); without them, or when the tile server is unreachable, the markers
 * stay on a neutral background.
 */
export function MapView({ markers, tiles, label, selectedId = null, onSelect, fit = 'once', fitKey, center, zoom, className }: MapViewProps) {
  const t = useTranslations('map');
  const boxRef = useRef<HTMLDivElement>(null);
  const engineRef = useRef<MapEngine | null>(null);
  const onSelectRef = useRef(onSelect);
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');
  const tileUrl = tiles?.url ?? null;
  const tileAttribution = tiles?.attribution ?? '';

  useEffect(() => {
    onSelectRef.current = onSelect;
  }, [onSelect]);

  // The engine is created once per tile source; the first view comes from the props of that moment.
  useEffect(() => {
    const box = boxRef.current;
    if (!box) return;
    let cancelled = false;
    let observer: ResizeObserver | null = null;
    loadChunk(() => import('./leaflet-engine'))
      .then(({ createEngine }) => {
        if (cancelled) return;
        const engine = createEngine(box, {
          tiles: tileUrl ? { url: tileUrl, attribution: tileAttribution } : null,
          center,
          zoom,
          onSelect: (id) => onSelectRef.current?.(id),
          labels: { zoomIn: t('zoomIn'), zoomOut: t('zoomOut'), closePopup: t('closePopup') },
        });
        engineRef.current = engine;
        observer = new ResizeObserver(() => engine.resize());
        observer.observe(box);
        setState('ready');
      })
      .catch(() => {
        if (!cancelled) setState('failed');
      });
    return () => {
      cancelled = true;
      observer?.disconnect();
      engineRef.current?.destroy();
      engineRef.current = null;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- center and zoom only set the first view
  }, [tileUrl, tileAttribution]);

  useEffect(() => {
    if (state === 'ready') engineRef.current?.setMarkers(markers, selectedId, fit, fitKey);
  }, [state, markers, selectedId, fit, fitKey]);

  return (
    // `isolate`: Leaflet's panes (z-index 400–1000) stay inside the map, under dialogs and menus.
    <div className={cn('map-view relative isolate overflow-hidden rounded-md border border-line', className ?? 'h-96')}>
      <div
        ref={boxRef}
        role="region"
        aria-label={label}
        aria-busy={state === 'loading' || undefined}
        className="map-base absolute inset-0"
        data-map-state={state}
      />
      {state !== 'ready' && (
        <p className="pointer-events-none absolute inset-x-0 bottom-2 text-center text-xs text-fg-muted">
          {state === 'failed' ? t('unavailable') : t('loading')}
        </p>
      )}
    </div>
  );
}
