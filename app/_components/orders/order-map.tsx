import 'server-only';
import { getTranslations } from 'next-intl/server';
import { formatNumber } from '@/lib/format';
import type { OrderDetail } from '@/lib/resources/orders-schemas';
import { MapView, type MapMarker } from '../map/map-view';
import { mapTiles } from '../map/tiles';
import { Card } from '../ui/card';
import { Facts } from './facts';

type Place = NonNullable<OrderDetail['pickup']>;
const coordinates = (p: Place) => `${formatNumber(Number(p.lat), 7)}, ${formatNumber(Number(p.lng), 7)}`;

/** Pickup and drop-off on the map, with their addresses and coordinates beside it. */
export async function OrderMap({ order }: { order: OrderDetail }) {
  const t = await getTranslations('orders');
  const places = [
    { kind: 'pickup', text: 'A', tone: 'primary', label: t('fields.pickup'), place: order.pickup },
    { kind: 'dropoff', text: 'B', tone: 'success', label: t('fields.dropoff'), place: order.dropoff },
  ] as const;
  const markers: MapMarker[] = places.flatMap(({ kind, text, tone, label, place }) =>
    place
      ? [
          {
            id: kind,
            kind,
            text,
            tone,
            lat: Number(place.lat),
            lng: Number(place.lng),
            label: `${label}: ${place.address || coordinates(place)}`,
            popup: [label, place.address].filter(Boolean).join('\n'),
          },
        ]
      : [],
  );
  return (
    <Card title={t('view.route')}>
      {markers.length > 0 && <MapView markers={markers} tiles={mapTiles()} label={t('view.route')} fit="always" className="mb-4 h-72 rounded-md" />}
      <Facts
        columns={1}
        items={places.map(({ text, label, place }) => ({
          label: `${text} · ${label}`,
          value: place ? [place.address, coordinates(place)].filter(Boolean).join(' · ') : null,
        }))}
      />
    </Card>
  );
}
