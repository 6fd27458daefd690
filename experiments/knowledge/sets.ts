// Group sets: one bit per group, in as many 32-bit words as the board's geometry needs.

export type GroupSet = Uint32Array;

export function and(a: GroupSet, b: GroupSet): GroupSet {
  const out = new Uint32Array(a.length);
  for (let i = 0; i < a.length; i++) out[i] = a[i]! & b[i]!;
  return out;
}

export function and3(a: GroupSet, b: GroupSet, c: GroupSet): GroupSet {
  const out = new Uint32Array(a.length);
  for (let i = 0; i < a.length; i++) out[i] = a[i]! & b[i]! & c[i]!;
  return out;
}

/** `into |= from`, in place. */
export function orInto(into: GroupSet, from: GroupSet): void {
  for (let i = 0; i < into.length; i++) into[i]! |= from[i]!;
}

export function isEmpty(a: GroupSet): boolean {
  for (let i = 0; i < a.length; i++) if (a[i] !== 0) return false;
  return true;
}

export function has(a: GroupSet, group: number): boolean {
  return (a[group >>> 5]! & (1 << (group & 31))) !== 0;
}

export function add(a: GroupSet, group: number): void {
  a[group >>> 5]! |= 1 << (group & 31);
}

/** The groups in `a` but not in `b`, as a new set. */
export function minus(a: GroupSet, b: GroupSet): GroupSet {
  const out = new Uint32Array(a.length);
  for (let i = 0; i < a.length; i++) out[i] = a[i]! & ~b[i]!;
  return out;
}

export function members(a: GroupSet): number[] {
  const out: number[] = [];
  for (let w = 0; w < a.length; w++) {
    let bits = a[w]!;
    while (bits !== 0) {
      const low = bits & -bits;
      out.push(w * 32 + 31 - Math.clz32(low));
      bits ^= low;
    }
  }
  return out;
}
