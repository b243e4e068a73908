export { countsOf, type DashboardCount } from '@/lib/dashboard/counts';
