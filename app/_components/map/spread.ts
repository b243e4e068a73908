/** A point on the map's pane, in pixels. */
export interface PanePoint {
  x: number;
  y: number;
}

/**
 * Where each marker is drawn so that none covers another (a finger or a pointer can reach each): markers closer than
 * `min` pixels to one another, chained, are one group, drawn on a circle around the group's centre with neighbours
 * `min` apart, in the order given; a marker alone stays where it is. Groups whose circles then come within `min` of
 * each other are drawn as one. Answers one point per input, in order.
 */
export function spreadPoints(points: readonly PanePoint[], min: number): PanePoint[] {
  const parent = points.map((_, i) => i);
  const root = (i: number): number => {
    while (parent[i] !== i) i = parent[i] = parent[parent[i]!]!;
    return i;
  };
  const near = (a: PanePoint, b: PanePoint) => Math.hypot(a.x - b.x, a.y - b.y) < min - 1e-6;
  for (let i = 0; i < points.length; i++) for (let j = i + 1; j < points.length; j++) if (near(points[i]!, points[j]!)) parent[root(j)] = root(i);
  let drawn = layout(points, root, min);
  // Each round merges at least two groups or ends: at most one round per marker, a few on any real map.
  for (let round = 0; round < points.length; round++) {
    let merged = false;
    for (let i = 0; i < points.length; i++)
      for (let j = i + 1; j < points.length; j++)
        if (root(i) !== root(j) && near(drawn[i]!, drawn[j]!)) {
          parent[root(j)] = root(i);
          merged = true;
        }
    if (!merged) break;
    drawn = layout(points, root, min);
  }
  return drawn;
}

/** Each group on its circle around the centre of its members' own places; a marker alone where it is. */
function layout(points: readonly PanePoint[], root: (i: number) => number, min: number): PanePoint[] {
  const groups = new Map<number, number[]>();
  points.forEach((_, i) => {
    const members = groups.get(root(i));
    if (members) members.push(i);
    else groups.set(root(i), [i]);
  });
  const out = points.map((p) => ({ x: p.x, y: p.y }));
  for (const members of groups.values()) {
    if (members.length < 2) continue;
    const cx = members.reduce((sum, i) => sum + points[i]!.x, 0) / members.length;
    const cy = members.reduce((sum, i) => sum + points[i]!.y, 0) / members.length;
    // Neighbours on a circle of radius r are 2r·sin(π/n) apart.
    const radius = min / (2 * Math.sin(Math.PI / members.length));
    members.forEach((i, k) => {
      const angle = -Math.PI / 2 + (2 * Math.PI * k) / members.length;
      out[i] = { x: cx + radius * Math.cos(angle), y: cy + radius * Math.sin(angle) };
    });
  }
  return out;
}
