export interface DashboardCount {
  /** The count's field name in the answer (its label key below `dashboard.metrics.`). */
  key: string;
  value: number;
}

/** Integer counts of the answer, in its order; one nested level is flattened (`orders: {today: 3}` → `ordersToday`). */
export function countsOf(data: Record<string, unknown>): DashboardCount[] {
  const counts: DashboardCount[] = [];
  for (const [key, value] of Object.entries(data)) {
    if (typeof value === 'number' && Number.isFinite(value)) counts.push({ key, value });
    else if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
      for (const [inner, innerValue] of Object.entries(value)) {
        if (typeof innerValue === 'number' && Number.isFinite(innerValue)) {
          counts.push({ key: `${key}${inner.charAt(0).toUpperCase()}${inner.slice(1)}`, value: innerValue });
        }
      }
    }
  }
  return counts;
}
