'use client';

import { useMemo, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { centroidOf, containsPoint, polygonOf, polygonProblem, polygonsOverlap, verticesOf, type Position } from '@contract/geo';
import { AREA_STATUSES, serviceAreaContract, type ServiceAreaItem } from '@contract/resources/service-area';
import { bffJson, isBffError } from '@/lib/resources/bff-client';
import { serverMessageKey } from '@/lib/i18n/server-messages';
import type { MapTiles } from '../map/types';
import { ConflictNotice } from '../resource/conflict-notice';
import { conflictFrom, type Conflict } from '../resource/use-resource-save';
import { Alert } from '../ui/alert';
import { Button } from '../ui/button';
import { Card } from '../ui/card';
import { ConfirmDialog } from '../ui/confirm-dialog';
import { FormField, TextField, inputClasses } from '../ui/form-field';
import { useToast } from '../ui/toast';
import { AreaMap } from './area-map';

export interface OtherArea {
  id: string;
  name: string;
  ring: Position[];
}

interface Props {
  service: string;
  apiBase: string;
  area: ServiceAreaItem | null;
  others: OtherArea[];
  tiles: MapTiles | null;
  canSave: boolean;
  listHref: string;
  viewHref: string;
}

type Fields = { name: string; status: (typeof AREA_STATUSES)[number]; province: string; amphure: string; district: string };
type Errors = Record<string, string[]>;

const round7 = (n: number) => Math.round(n * 1e7) / 1e7;
const ringOf = (area: ServiceAreaItem | null): Position[] => (area?.boundary ? verticesOf((area.boundary.coordinates[0] ?? []) as Position[]) : []);
const fieldsOf = (area: ServiceAreaItem | null): Fields => ({
  name: area?.name ?? '',
  status: area?.status ?? 'AreaReady',
  province: area?.province ?? '',
  amphure: area?.amphure ?? '',
  district: area?.district ?? '',
});

/** `lng, lat` per line, the keyboard's way to give a boundary (a GeoJSON Polygon is taken too). */
function parseCoordinates(text: string): Position[] | null {
  const trimmed = text.trim();
  if (!trimmed) return [];
  if (trimmed.startsWith('{') || trimmed.startsWith('[')) {
    try {
      const value = JSON.parse(trimmed) as unknown;
      const ring = Array.isArray(value) ? value : (value as { coordinates?: unknown[] })?.coordinates?.[0];
      if (!Array.isArray(ring)) return null;
      const points = ring.map((p) => (Array.isArray(p) && p.length === 2 ? [Number(p[0]), Number(p[1])] : [NaN, NaN]) as Position);
      return points.every((p) => Number.isFinite(p[0]) && Number.isFinite(p[1])) ? verticesOf(points) : null;
    } catch {
      return null;
    }
  }
  const points: Position[] = [];
  for (const line of trimmed.split(/\n+/)) {
    const parts = line
      .split(/[\s,]+/)
      .filter(Boolean)
      .map(Number);
    if (parts.length !== 2 || parts.some((n) => !Number.isFinite(n))) return null;
    points.push([parts[0]!, parts[1]!]);
  }
  return verticesOf(points);
}
const coordinatesText = (vertices: readonly Position[]) => vertices.map(([lng, lat]) => `${lng}, ${lat}`).join('\n');

/**
 * The service-area form: name, status and place beside a map where the boundary is drawn by clicking its corners
 * (finish by clicking the first corner, Finish or Enter; Backspace or Undo takes the last one back; corners can be
 * dragged), with the app's other areas drawn faintly. The coordinates can be typed instead. A refused save (an
 * overlap, the plan's limit, a stale version) keeps everything drawn and typed.
 */
export function AreaEditor({ apiBase, area, others, tiles, canSave, listHref, viewHref }: Props) {
  const t = useTranslations('serviceArea');
  const tr = useTranslations();
  const router = useRouter();
  const toast = useToast();
  const [fields, setFields] = useState<Fields>(() => fieldsOf(area));
  const [vertices, setVertices] = useState<Position[]>(() => ringOf(area));
  const [closed, setClosed] = useState(() => ringOf(area).length >= 3);
  const [centre, setCentre] = useState<{ lat: number; lng: number } | null>(() =>
    area?.centerLat != null && area.centerLng != null ? { lat: area.centerLat, lng: area.centerLng } : null,
  );
  const [centreMode, setCentreMode] = useState(false);
  const [errors, setErrors] = useState<Errors>({});
  const [alert, setAlert] = useState<string | null>(null);
  const [conflict, setConflict] = useState<Conflict | null>(null);
  const [saving, setSaving] = useState(false);
  const [confirmClear, setConfirmClear] = useState(false);
  const [text, setText] = useState(() => coordinatesText(ringOf(area)));
  const [textError, setTextError] = useState(false);
  const [status, setStatus] = useState('');
  const [version, setVersion] = useState(area?.version ?? 0);

  const polygon = closed && vertices.length >= 3 ? polygonOf(vertices) : null;
  const problem = polygon ? polygonProblem(polygon.coordinates[0]!) : null;
  const clashes = useMemo(
    () => (polygon && !problem ? others.filter((o) => o.ring.length >= 3 && polygonsOverlap(polygon, polygonOf(o.ring))).map((o) => o.name) : []),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the polygon follows the vertices
    [vertices, closed, others, problem],
  );
  // The centre shown: the one set by hand while it lies inside, else the boundary's centre of area.
  const shownCentre = polygon && !problem ? (centre && containsPoint(polygon, centre.lng, centre.lat) ? centre : centroidOf(polygon)) : null;

  const changeDrawing = (next: Position[], nextClosed: boolean, say?: string) => {
    setVertices(next);
    setClosed(nextClosed);
    setText(coordinatesText(next));
    setTextError(false);
    setErrors(({ boundary: _drop, ...rest }) => rest);
    if (say) setStatus(say);
  };

  const onMapClick = (lng: number, lat: number) => {
    if (!canSave) return;
    if (centreMode) {
      setCentre({ lat: round7(lat), lng: round7(lng) });
      setCentreMode(false);
      setStatus(t('editor.centreSet'));
      return;
    }
    if (closed) return;
    const next: Position[] = [...vertices, [round7(lng), round7(lat)]];
    changeDrawing(next, false, t('editor.pointAdded', { n: next.length }));
  };
  const finish = () => {
    if (vertices.length < 3) {
      setStatus(t('editor.needThree'));
      return;
    }
    changeDrawing(vertices, true, t('editor.finished'));
  };
  const undo = () => {
    if (vertices.length === 0) return;
    changeDrawing(vertices.slice(0, -1), false, t('editor.undone'));
  };
  const onVertexClick = (index: number) => {
    if (!closed && index === 0 && vertices.length >= 3) finish();
  };
  const onVertexMove = (index: number, lng: number, lat: number) => {
    if (!canSave) return;
    changeDrawing(
      vertices.map((v, i) => (i === index ? ([round7(lng), round7(lat)] as Position) : v)),
      closed,
      t('editor.moved', { n: index + 1 }),
    );
  };
  const onKey = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      finish();
    } else if (event.key === 'Backspace' || ((event.ctrlKey || event.metaKey) && event.key === 'z')) {
      event.preventDefault();
      undo();
    }
  };
  const applyText = () => {
    const parsed = parseCoordinates(text);
    if (parsed === null) {
      setTextError(true);
      return;
    }
    changeDrawing(parsed, parsed.length >= 3, t('editor.applied'));
  };

  const bodyOf = () => ({
    ...fields,
    boundary: polygon ?? (area ? null : undefined),
    centerLat: centre && shownCentre === centre ? centre.lat : null,
    centerLng: centre && shownCentre === centre ? centre.lng : null,
    ...(area ? { version } : {}),
  });

  const save = async (event?: FormEvent, overwriteVersion?: number) => {
    event?.preventDefault();
    setAlert(null);
    const body = { ...bodyOf(), ...(overwriteVersion !== undefined ? { version: overwriteVersion } : {}) };
    const schema = area ? serviceAreaContract.schemas.update : serviceAreaContract.schemas.create;
    const checked = schema.safeParse(body);
    if (!checked.success) {
      const found: Errors = {};
      for (const issue of checked.error.issues) (found[String(issue.path[0] ?? '_')] ??= []).push(issue.message);
      setErrors(found);
      return;
    }
    setSaving(true);
    try {
      const answer = await bffJson<{ data: ServiceAreaItem }>(area ? `${apiBase}/${area.id}` : apiBase, { method: area ? 'PUT' : 'POST', body });
      setErrors({});
      setConflict(null);
      toast.show(t('editor.saved'), { tone: 'success' });
      if (area) {
        setVersion(answer.data.version);
        router.refresh();
      } else router.push(`${viewHref}/${encodeURIComponent(answer.data.id)}`);
    } catch (error) {
      if (!isBffError(error)) {
        setAlert(tr('resource.actionFailed'));
        return;
      }
      const answer = (error.body ?? {}) as { message?: string; errors?: Errors };
      if (error.status === 409) {
        setConflict(conflictFrom(error.body));
        return;
      }
      if (error.status === 403) {
        setAlert(tr('resource.notAllowed'));
        return;
      }
      setErrors(answer.errors ?? {});
      const key = answer.message ? serverMessageKey(answer.message) : null;
      setAlert(key ? tr(key) : answer.errors ? null : tr('resource.actionFailed'));
    } finally {
      setSaving(false);
    }
  };

  const errorOf = (field: string) => {
    const code = errors[field]?.[0];
    return code ? tr(`validation.${code}`) : undefined;
  };
  const set = (name: keyof Fields) => (e: { target: { value: string } }) => setFields((f) => ({ ...f, [name]: e.target.value }));
  const boundaryError = errorOf('boundary') ?? (problem ? tr('validation.invalidPolygon') : undefined);
  const otherNames = others.map((o) => o.name).join(', ');

  return (
    <form onSubmit={(e) => void save(e)} noValidate className="grid gap-4 xl:grid-cols-[22rem_minmax(0,1fr)]">
      {conflict && (
        <div className="xl:col-span-2">
          <ConflictNotice
            conflict={conflict}
            busy={saving}
            onReload={() => router.refresh()}
            onOverwrite={() => {
              const next = conflict.version;
              setConflict(null);
              setVersion(next);
              void save(undefined, next);
            }}
          />
        </div>
      )}
      {alert && (
        <div className="xl:col-span-2">
          <Alert tone="error">{alert}</Alert>
        </div>
      )}
      <Card title={t('sections.main')}>
        <fieldset disabled={!canSave} className="space-y-4 p-5">
          <TextField label={t('fields.name')} required value={fields.name} onChange={set('name')} error={errorOf('name')} maxLength={100} />
          <FormField label={t('fields.status')} error={errorOf('status')}>
            {(control) => (
              <select {...control} className={inputClasses(Boolean(errorOf('status')))} value={fields.status} onChange={set('status')}>
                {AREA_STATUSES.map((s) => (
                  <option key={s} value={s}>
                    {tr(`status.area.${s === 'AreaReady' ? 'areaReady' : 'areaClose'}`)}
                  </option>
                ))}
              </select>
            )}
          </FormField>
          <TextField label={t('fields.province')} value={fields.province} onChange={set('province')} error={errorOf('province')} maxLength={100} />
          <TextField label={t('fields.amphure')} value={fields.amphure} onChange={set('amphure')} error={errorOf('amphure')} maxLength={100} />
          <TextField label={t('fields.district')} value={fields.district} onChange={set('district')} error={errorOf('district')} maxLength={100} />
          <div className="text-sm">
            <p className="font-medium text-fg">{t('fields.centre')}</p>
            <p className="text-fg-muted" data-testid="area-centre">
              {shownCentre ? `${shownCentre.lat.toFixed(5)}, ${shownCentre.lng.toFixed(5)}` : t('editor.noCentre')}
            </p>
            {errorOf('centerLat') && <p className="text-danger-text">{errorOf('centerLat')}</p>}
          </div>
        </fieldset>
        {canSave && (
          <div className="flex flex-wrap justify-end gap-2 border-t border-line px-5 py-4">
            <Button variant="secondary" onClick={() => router.push(listHref)}>
              {tr('resource.cancel')}
            </Button>
            <Button type="submit" busy={saving}>
              {tr('resource.save')}
            </Button>
          </div>
        )}
      </Card>

      <Card title={t('sections.boundary')} description={t('editor.help')}>
        <div className="space-y-3 p-5">
          {canSave && (
            <div className="flex flex-wrap gap-2" role="toolbar" aria-label={t('editor.tools')}>
              <Button size="sm" variant="secondary" onClick={undo} disabled={vertices.length === 0}>
                {t('editor.undo')}
              </Button>
              <Button size="sm" variant="secondary" onClick={finish} disabled={closed || vertices.length < 3}>
                {t('editor.finish')}
              </Button>
              <Button
                size="sm"
                variant={centreMode ? 'primary' : 'secondary'}
                aria-pressed={centreMode}
                onClick={() => setCentreMode((m) => !m)}
                disabled={!polygon}
              >
                {t('editor.setCentre')}
              </Button>
              <Button size="sm" variant="secondary" onClick={() => setCentre(null)} disabled={!centre}>
                {t('editor.autoCentre')}
              </Button>
              <Button size="sm" variant="danger" onClick={() => setConfirmClear(true)} disabled={vertices.length === 0}>
                {t('editor.clear')}
              </Button>
            </div>
          )}
          <AreaMap
            tiles={tiles}
            vertices={vertices}
            closed={closed}
            invalid={Boolean(boundaryError) || clashes.length > 0}
            centre={shownCentre}
            others={others}
            fitTo={vertices.length ? vertices : []}
            label={t('editor.mapLabel')}
            describedBy="area-map-status"
            onMapClick={onMapClick}
            onVertexClick={onVertexClick}
            onVertexMove={onVertexMove}
            onKey={onKey}
          />
          <p id="area-map-status" className="text-sm text-fg-muted" aria-live="polite" data-testid="area-map-status">
            {centreMode
              ? t('editor.centreHint')
              : status || (closed ? t('editor.closedHint', { n: vertices.length }) : t('editor.drawHint', { n: vertices.length }))}
          </p>
          {boundaryError && <p className="text-sm text-danger-text">{boundaryError}</p>}
          {!boundaryError && clashes.length > 0 && <p className="text-sm text-warning-text">{t('editor.overlapWarning', { names: clashes.join(', ') })}</p>}
          {otherNames && <p className="text-xs text-fg-muted">{t('editor.others', { names: otherNames })}</p>}
          <FormField label={t('editor.coordinates')} hint={t('editor.coordinatesHint')} error={textError ? t('editor.coordinatesInvalid') : undefined}>
            {(control) => (
              <textarea
                {...control}
                rows={5}
                readOnly={!canSave}
                className={`${inputClasses(textError)} h-auto py-2 font-mono`}
                value={text}
                onChange={(e) => {
                  setText(e.target.value);
                  setTextError(false);
                }}
              />
            )}
          </FormField>
          {canSave && (
            <Button size="sm" variant="secondary" onClick={applyText}>
              {t('editor.applyCoordinates')}
            </Button>
          )}
        </div>
      </Card>
      <ConfirmDialog
        open={confirmClear}
        title={t('editor.clearTitle')}
        description={t('editor.clearBody')}
        confirmLabel={t('editor.clear')}
        tone="danger"
        onConfirm={() => {
          setConfirmClear(false);
          setCentre(null);
          changeDrawing([], false, t('editor.cleared'));
        }}
        onClose={() => setConfirmClear(false)}
      />
    </form>
  );
}
