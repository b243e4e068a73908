'use client';

import { loadChunk } from '@/lib/chunk-load';
import 'leaflet/dist/leaflet.css';
import '../map/map.css';
import './area-map.css';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslations } from 'next-intl';
import type { Position } from '@contract/geo';
import type { MapTiles } from '../map/types';
import type { AreaEngine } from './area-draw-engine';

export interface AreaMapProps {
  tiles: MapTiles | null;
  vertices: readonly Position[];
  closed: boolean;
  invalid: boolean;
  centre: { lat: number; lng: number } | null;
  others: readonly { id: string; name: string; ring: readonly Position[] }[];
  /** The first view: fit to these points, else the default centre. */
  fitTo: readonly Position[];
  label: string;
  describedBy?: string;
  onMapClick: (lng: number, lat: number) => void;
  onVertexClick: (index: number) => void;
  onVertexMove: (index: number, lng: number, lat: number) => void;
  onKey: (event: KeyboardEvent<HTMLDivElement>) => void;
}

/** Bangkok, at a zoom where a district is a few clicks wide. */
const DEFAULT_VIEW = { center: [13.7563, 100.5018] as const, zoom: 10 };

/** The editor's map: Leaflet imported on mount, in its own chunk; until then (or if it cannot load) a plain base. */
export function AreaMap(props: AreaMapProps) {
  const t = useTranslations('map');
  const ta = useTranslations('serviceArea.editor');
  const boxRef = useRef<HTMLDivElement>(null);
  const engineRef = useRef<AreaEngine | null>(null);
  const handlers = useRef(props);
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');
  const { tiles, vertices, closed, invalid, centre, others } = props;

  useEffect(() => {
    handlers.current = props;
  });

  useEffect(() => {
    const box = boxRef.current;
    if (!box) return;
    let cancelled = false;
    let observer: ResizeObserver | null = null;
    loadChunk(() => import('./area-draw-engine'))
      .then(({ createAreaEngine }) => {
        if (cancelled) return;
        const engine = createAreaEngine(box, {
          tiles,
          center: DEFAULT_VIEW.center,
          zoom: DEFAULT_VIEW.zoom,
          onMapClick: (lng, lat) => handlers.current.onMapClick(lng, lat),
          onVertexClick: (i) => handlers.current.onVertexClick(i),
          onVertexMove: (i, lng, lat) => handlers.current.onVertexMove(i, lng, lat),
          labels: { zoomIn: t('zoomIn'), zoomOut: t('zoomOut'), vertex: (n) => ta('vertex', { n }), centre: ta('centre') },
        });
        engine.fit(handlers.current.fitTo);
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
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the engine is made once per tile source
  }, [tiles?.url, tiles?.attribution]);

  useEffect(() => {
    if (state === 'ready') engineRef.current?.setOthers(others);
  }, [state, others]);

  useEffect(() => {
    if (state === 'ready') engineRef.current?.setDrawing(vertices, closed, centre, invalid);
  }, [state, vertices, closed, centre, invalid]);

  return (
    <div className="map-view area-map relative isolate h-[28rem] overflow-hidden rounded-md border border-line">
      <div
        ref={boxRef}
        role="application"
        aria-label={props.label}
        aria-describedby={props.describedBy}
        aria-busy={state === 'loading' || undefined}
        tabIndex={0}
        onKeyDown={props.onKey}
        className="map-base absolute inset-0 focus-visible:outline-2 focus-visible:outline-offset-[-2px] focus-visible:outline-focus"
        data-map-state={state}
        data-testid="area-map"
      />
      {state !== 'ready' && (
        <p className="pointer-events-none absolute inset-x-0 bottom-2 text-center text-xs text-fg-muted">
          {state === 'failed' ? t('unavailable') : t('loading')}
        </p>
      )}
    </div>
  );
}
