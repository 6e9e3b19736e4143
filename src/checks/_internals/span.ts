/** How far apart two instants are, in the unit a reader takes in at a glance. */
export function span(ms: number): string {
  const seconds = Math.round(ms / 1000);
  if (seconds < 120) return `${seconds} s`;
  if (seconds < 7200) return `${Math.round(seconds / 60)} min`;
  return `${Number((seconds / 3600).toFixed(1))} h`;
}
