import { ListSkeleton } from '@/app/_components/resource/list-skeleton';

/** While a service page renders on the server. */
export default function Loading() {
  return <ListSkeleton />;
}
