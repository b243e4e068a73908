import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { areas, bikerPackages, bikerRegistrations, bikers, type BikerDocument } from '../db/schema';

/** Waiting applications per open area of each app; the first open area of each app also has one approved and one rejected. */
export const SEED_WAITING_BIKER_REGISTRATIONS = 4;

const APPLICANTS = [
  { name: 'Anan Srisuk', vehicle: 'Honda Wave 110i', plate: '1กข 1234' },
  { name: 'Pim Chaiyo', vehicle: 'Yamaha Fino 125', plate: '2คง 5678' },
  { name: 'Krit Boonmee', vehicle: 'Honda Click 125i', plate: '3จฉ 9012' },
  { name: 'Nida Kaewta', vehicle: 'Suzuki Smash 115', plate: '4ชซ 3456' },
  { name: 'Somsak Dee', vehicle: 'Honda Scoopy', plate: '5ฌญ 7890' },
  { name: 'Malee Thong', vehicle: 'Yamaha Grand Filano', plate: '6ฎฏ 2468' },
];

const documentsOf = (slug: string): BikerDocument[] => [
  { kind: 'id_card', url: `https://example.com/docs/${slug}/id-card.jpg` },
  { kind: 'driving_licence', url: `https://example.com/docs/${slug}/driving-licence.jpg` },
  { kind: 'vehicle_registration', url: `https://example.com/docs/${slug}/vehicle-registration.pdf` },
  { kind: 'photo', url: `https://example.com/docs/${slug}/photo.png` },
];

/**
 * Biker applications from the biker app (Regis/Biker): a few waiting in every open area of each app, with their
 * documents (addresses only, nothing is fetched), and per app one approved (it became one of the area's bikers, so no
 * biker is added) and one rejected with its reason. Packages are linked when the area has one.
 */
export async function seedBikerRegistrations(tx: Tx, companyId: number, now: Date): Promise<void> {
  const open = await tx
    .select({ appId: areas.appId, areaId: areas.id })
    .from(areas)
    .where(and(eq(areas.companyId, companyId), eq(areas.status, 'AreaReady'), isNull(areas.deletedAt)))
    .orderBy(asc(areas.appId), asc(areas.id));
  const firstOfApp = new Set<number>();
  const hours = (h: number) => new Date(now.getTime() - h * 3_600_000);
  for (const [n, place] of open.entries()) {
    const [pkg] = await tx
      .select({ id: bikerPackages.id })
      .from(bikerPackages)
      .where(and(eq(bikerPackages.areaId, place.areaId), isNull(bikerPackages.deletedAt)))
      .orderBy(asc(bikerPackages.id))
      .limit(1);
    const inPlace = { companyId, appId: place.appId, areaId: place.areaId };
    const rows: (typeof bikerRegistrations.$inferInsert)[] = Array.from({ length: SEED_WAITING_BIKER_REGISTRATIONS }, (_, i) => {
      const who = APPLICANTS[(n + i) % APPLICANTS.length]!;
      const no = `${place.areaId}-${i + 1}`;
      return {
        ...inPlace,
        name: who.name,
        phone: `06${String(place.areaId * 1000 + i).padStart(8, '0')}`,
        email: i % 2 ? '' : `rider${no}@bikers.example`,
        vehicle: who.vehicle,
        plate: who.plate,
        packageId: i % 2 && pkg ? pkg.id : null,
        documents: documentsOf(`biker-${no}`).slice(0, 2 + (i % 3)),
        createdAt: hours(i * 5 + 1),
        updatedAt: hours(i * 5 + 1),
      };
    });
    if (!firstOfApp.has(place.appId)) {
      firstOfApp.add(place.appId);
      const [biker] = await tx
        .select({ id: bikers.id, name: bikers.name, phone: bikers.phone, vehicle: bikers.vehicle, plate: bikers.plate })
        .from(bikers)
        .where(and(eq(bikers.areaId, place.areaId), isNull(bikers.deletedAt)))
        .orderBy(asc(bikers.id))
        .limit(1);
      if (biker) {
        rows.push({
          ...inPlace,
          name: biker.name,
          phone: biker.phone,
          email: '',
          vehicle: biker.vehicle || 'Honda Wave 110i',
          plate: biker.plate || '7ฐฑ 1357',
          packageId: null,
          documents: documentsOf(`biker-${place.areaId}-approved`),
          createdAt: hours(24 * 30),
          updatedAt: hours(24 * 29),
          state: 'approved',
          bikerId: biker.id,
        });
      }
      rows.push({
        ...inPlace,
        name: 'Chai Rakdee',
        phone: `06${String(place.areaId * 1000 + 900).padStart(8, '0')}`,
        email: '',
        vehicle: 'Honda Dream',
        plate: '8ฒณ 8642',
        packageId: null,
        documents: documentsOf(`biker-${place.areaId}-rejected`).slice(0, 1),
        createdAt: hours(24 * 10),
        updatedAt: hours(24 * 9),
        state: 'rejected',
        reason: 'Driving licence expired',
      });
    }
    await tx.insert(bikerRegistrations).values(rows);
  }
}
