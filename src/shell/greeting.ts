export type GreetingKey = 'morning' | 'forenoon' | 'noon' | 'afternoon' | 'evening';

/** docs/spec.md §9: before 9 morning, up to 11 forenoon, up to 13 noon, before 20 afternoon, else evening. */
export function greetingKey(hour: number): GreetingKey {
  if (hour < 9) return 'morning';
  if (hour < 11) return 'forenoon';
  if (hour < 13) return 'noon';
  if (hour < 20) return 'afternoon';
  return 'evening';
}
