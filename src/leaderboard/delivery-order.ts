let lastMs = 0;
let counter = 0;

/** An order key for a delivery created now: the time, then a counter for deliveries made within the same millisecond. */
export function nextOrder(now: number): string {
  counter = now === lastMs ? counter + 1 : 0;
  lastMs = now;
  return `${String(now).padStart(15, '0')}.${String(counter).padStart(6, '0')}`;
}
